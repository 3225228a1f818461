import type { MigrationInterface, QueryRunner } from 'typeorm';

// Hand-written: ADD COLUMN keeps the site_settings row in place, where the generator would copy the table.
export class ReviewEdits1795900500000 implements MigrationInterface {
  name = 'ReviewEdits1795900500000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "site_settings" ADD COLUMN "reviewEdits" boolean NOT NULL DEFAULT (0)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "site_settings" DROP COLUMN "reviewEdits"`);
  }
}
