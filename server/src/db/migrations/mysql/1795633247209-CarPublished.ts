import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CarPublished1795633247209 implements MigrationInterface {
  name = 'CarPublished1795633247209';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`cars\` ADD \`published\` tinyint NOT NULL DEFAULT 1`);
    // A car without a photo was never meant to be public: unlisted until its owner adds one.
    await queryRunner.query(
      `UPDATE \`cars\` SET \`published\` = 0 WHERE NOT EXISTS (SELECT 1 FROM \`car_images\` WHERE \`car_images\`.\`carId\` = \`cars\`.\`id\`)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`cars\` DROP COLUMN \`published\``);
  }
}
