import type { MigrationInterface, QueryRunner } from 'typeorm';

export class TestProviderPayments1795536389762 implements MigrationInterface {
  name = 'TestProviderPayments1795536389762';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "test_provider_payments" ("id" varchar(64) PRIMARY KEY NOT NULL, "status" varchar(20) NOT NULL, "amount" integer NOT NULL, "currency" varchar(3) NOT NULL, "metadata" text NOT NULL, "createdAt" datetime NOT NULL DEFAULT (datetime('now')))`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "test_provider_payments"`);
  }
}
