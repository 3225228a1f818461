import type { MigrationInterface, QueryRunner } from 'typeorm';

export class RegistrationThrottle1795611911668 implements MigrationInterface {
  name = 'RegistrationThrottle1795611911668';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "registration_attempts" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "ipHash" varchar(64) NOT NULL, "createdAt" datetime NOT NULL DEFAULT (datetime('now')))`);
    await queryRunner.query(`CREATE INDEX "IDX_d840686ad6cd7a2b9392593550" ON "registration_attempts" ("ipHash", "createdAt") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_d840686ad6cd7a2b9392593550"`);
    await queryRunner.query(`DROP TABLE "registration_attempts"`);
  }
}
