import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Suspensions1795900100000 implements MigrationInterface {
  name = 'Suspensions1795900100000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "suspension_records" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "userId" integer NOT NULL, "action" varchar(16) NOT NULL, "note" text, "byAdminId" integer NOT NULL, "createdAt" datetime NOT NULL DEFAULT (datetime('now')))`);
    await queryRunner.query(`CREATE INDEX "IDX_c6b3e1fb11d0fd23d98ebe0e38" ON "suspension_records" ("userId") `);
    // A column added in place: rebuilding users (what the generator writes) trips the triggers that name it.
    await queryRunner.query(`ALTER TABLE "users" ADD COLUMN "suspendedAt" datetime(3)`);
    await queryRunner.query(`CREATE INDEX "IDX_d098e1edfec35e39ad0f071e47" ON "users" ("suspendedAt") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_d098e1edfec35e39ad0f071e47"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "suspendedAt"`);
    await queryRunner.query(`DROP INDEX "IDX_c6b3e1fb11d0fd23d98ebe0e38"`);
    await queryRunner.query(`DROP TABLE "suspension_records"`);
  }
}
