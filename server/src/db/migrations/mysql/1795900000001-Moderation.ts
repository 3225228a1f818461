import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Moderation1795900000001 implements MigrationInterface {
  name = 'Moderation1795900000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE \`moderation_actions\` (\`id\` int NOT NULL AUTO_INCREMENT, \`action\` varchar(20) NOT NULL, \`carId\` int NULL, \`carName\` varchar(200) NOT NULL, \`imageId\` int NULL, \`note\` text NOT NULL, \`adminId\` int NULL, \`createdAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), INDEX \`IDX_e44fd329ea767da9b0daa89df6\` (\`carId\`), INDEX \`IDX_10fe87197c6d33a1d9486f5558\` (\`createdAt\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
    await queryRunner.query(`CREATE TABLE \`moderation_flags\` (\`id\` int NOT NULL AUTO_INCREMENT, \`kind\` varchar(20) NOT NULL DEFAULT 'report', \`carId\` int NOT NULL, \`photoKey\` int NOT NULL DEFAULT '0', \`reporterId\` int NULL, \`reason\` varchar(20) NOT NULL, \`details\` varchar(500) NULL, \`open\` tinyint NULL DEFAULT 1, \`actionId\` int NULL, \`createdAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), \`closedAt\` datetime(3) NULL, INDEX \`IDX_8c533f95dd2c7f9178b20f3481\` (\`reporterId\`, \`createdAt\`), INDEX \`IDX_9c1517d3ed716a42b32712b92c\` (\`open\`, \`createdAt\`), INDEX \`IDX_5f8e10ed2686d608635e9e59c8\` (\`carId\`, \`open\`), UNIQUE INDEX \`UQ_moderation_flags_open_report\` (\`reporterId\`, \`carId\`, \`photoKey\`, \`open\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
    await queryRunner.query(`ALTER TABLE \`cars\` ADD \`reviewState\` varchar(10) NOT NULL DEFAULT 'public'`);
    await queryRunner.query(`ALTER TABLE \`cars\` ADD \`reviewNote\` text NULL`);
    await queryRunner.query(`CREATE INDEX \`IDX_5790e0cf29fe9dc213581bb762\` ON \`cars\` (\`reviewState\`, \`createdAt\`)`);
    await queryRunner.query(`ALTER TABLE \`site_settings\` ADD \`reportHoldThreshold\` int NOT NULL DEFAULT '3'`);
    await queryRunner.query(`ALTER TABLE \`site_settings\` ADD \`reviewNewCars\` tinyint NOT NULL DEFAULT 0`);
    await queryRunner.query(`ALTER TABLE \`moderation_actions\` ADD CONSTRAINT \`FK_e44fd329ea767da9b0daa89df66\` FOREIGN KEY (\`carId\`) REFERENCES \`cars\`(\`id\`) ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE \`moderation_actions\` ADD CONSTRAINT \`FK_5e3d03b7ca6f4a11c8b792b82e8\` FOREIGN KEY (\`adminId\`) REFERENCES \`users\`(\`id\`) ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE \`moderation_flags\` ADD CONSTRAINT \`FK_a28774ed8bc47fc194d9972e688\` FOREIGN KEY (\`carId\`) REFERENCES \`cars\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE \`moderation_flags\` ADD CONSTRAINT \`FK_9ee3c053d8e0afc4a38a1fda953\` FOREIGN KEY (\`reporterId\`) REFERENCES \`users\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`moderation_flags\` DROP FOREIGN KEY \`FK_9ee3c053d8e0afc4a38a1fda953\``);
    await queryRunner.query(`ALTER TABLE \`moderation_flags\` DROP FOREIGN KEY \`FK_a28774ed8bc47fc194d9972e688\``);
    await queryRunner.query(`ALTER TABLE \`moderation_actions\` DROP FOREIGN KEY \`FK_5e3d03b7ca6f4a11c8b792b82e8\``);
    await queryRunner.query(`ALTER TABLE \`moderation_actions\` DROP FOREIGN KEY \`FK_e44fd329ea767da9b0daa89df66\``);
    await queryRunner.query(`ALTER TABLE \`site_settings\` DROP COLUMN \`reviewNewCars\``);
    await queryRunner.query(`ALTER TABLE \`site_settings\` DROP COLUMN \`reportHoldThreshold\``);
    await queryRunner.query(`DROP INDEX \`IDX_5790e0cf29fe9dc213581bb762\` ON \`cars\``);
    await queryRunner.query(`ALTER TABLE \`cars\` DROP COLUMN \`reviewNote\``);
    await queryRunner.query(`ALTER TABLE \`cars\` DROP COLUMN \`reviewState\``);
    await queryRunner.query(`DROP INDEX \`UQ_moderation_flags_open_report\` ON \`moderation_flags\``);
    await queryRunner.query(`DROP INDEX \`IDX_5f8e10ed2686d608635e9e59c8\` ON \`moderation_flags\``);
    await queryRunner.query(`DROP INDEX \`IDX_9c1517d3ed716a42b32712b92c\` ON \`moderation_flags\``);
    await queryRunner.query(`DROP INDEX \`IDX_8c533f95dd2c7f9178b20f3481\` ON \`moderation_flags\``);
    await queryRunner.query(`DROP TABLE \`moderation_flags\``);
    await queryRunner.query(`DROP INDEX \`IDX_10fe87197c6d33a1d9486f5558\` ON \`moderation_actions\``);
    await queryRunner.query(`DROP INDEX \`IDX_e44fd329ea767da9b0daa89df6\` ON \`moderation_actions\``);
    await queryRunner.query(`DROP TABLE \`moderation_actions\``);
  }
}
