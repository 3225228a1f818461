import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AccessHardening1795459217226 implements MigrationInterface {
  name = 'AccessHardening1795459217226';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "password_reset_requests" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "ipHash" varchar(64) NOT NULL, "createdAt" datetime NOT NULL DEFAULT (datetime('now')))`);
    await queryRunner.query(`CREATE INDEX "IDX_fcc82823f9fb0d7be1175b8b21" ON "password_reset_requests" ("ipHash", "createdAt") `);
    await queryRunner.query(`CREATE TABLE "revoked_sessions" ("sessionId" varchar(32) PRIMARY KEY NOT NULL, "expiresAt" datetime(3) NOT NULL)`);
    await queryRunner.query(`CREATE INDEX "IDX_bf07e39d66b26a92c5951a8939" ON "revoked_sessions" ("expiresAt") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_bf07e39d66b26a92c5951a8939"`);
    await queryRunner.query(`DROP TABLE "revoked_sessions"`);
    await queryRunner.query(`DROP INDEX "IDX_fcc82823f9fb0d7be1175b8b21"`);
    await queryRunner.query(`DROP TABLE "password_reset_requests"`);
  }
}
