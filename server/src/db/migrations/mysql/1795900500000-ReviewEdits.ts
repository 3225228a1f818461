import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ReviewEdits1795900500000 implements MigrationInterface {
  name = 'ReviewEdits1795900500000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`site_settings\` ADD \`reviewEdits\` tinyint NOT NULL DEFAULT 0`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`site_settings\` DROP COLUMN \`reviewEdits\``);
  }
}
