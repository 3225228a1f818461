import type { MigrationInterface, QueryRunner } from 'typeorm';

export class FairVotes1795900200001 implements MigrationInterface {
  name = 'FairVotes1795900200001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE \`vote_voids\` (\`id\` int NOT NULL AUTO_INCREMENT, \`carId\` int NOT NULL, \`carName\` varchar(200) NOT NULL, \`blocks\` text NOT NULL, \`fromAt\` datetime(3) NOT NULL, \`toAt\` datetime(3) NOT NULL, \`votes\` int NOT NULL, \`note\` varchar(500) NOT NULL, \`voidedById\` int NULL, \`voidedByName\` varchar(100) NOT NULL, \`createdAt\` datetime(3) NOT NULL, \`restoredById\` int NULL, \`restoredByName\` varchar(100) NULL, \`restoredAt\` datetime(3) NULL, \`restoreNote\` varchar(500) NULL, INDEX \`IDX_6b0f674971db7b50565fe81652\` (\`createdAt\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
    await queryRunner.query(`ALTER TABLE \`votes\` ADD \`blockHash\` varchar(64) NULL`);
    await queryRunner.query(`ALTER TABLE \`votes\` ADD \`viaCard\` tinyint NOT NULL DEFAULT 0`);
    await queryRunner.query(`ALTER TABLE \`votes\` ADD \`cardEventId\` int NULL`);
    await queryRunner.query(`ALTER TABLE \`votes\` ADD \`voidId\` int NULL`);
    await queryRunner.query(`CREATE INDEX \`IDX_10fdad71d436c497fc7e6278a7\` ON \`votes\` (\`voidId\`)`);
    await queryRunner.query(`CREATE INDEX \`IDX_901678c870f6ef5e6afd724cb9\` ON \`votes\` (\`ipHash\`, \`createdAt\`)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX \`IDX_901678c870f6ef5e6afd724cb9\` ON \`votes\``);
    await queryRunner.query(`DROP INDEX \`IDX_10fdad71d436c497fc7e6278a7\` ON \`votes\``);
    await queryRunner.query(`ALTER TABLE \`votes\` DROP COLUMN \`voidId\``);
    await queryRunner.query(`ALTER TABLE \`votes\` DROP COLUMN \`cardEventId\``);
    await queryRunner.query(`ALTER TABLE \`votes\` DROP COLUMN \`viaCard\``);
    await queryRunner.query(`ALTER TABLE \`votes\` DROP COLUMN \`blockHash\``);
    await queryRunner.query(`DROP INDEX \`IDX_6b0f674971db7b50565fe81652\` ON \`vote_voids\``);
    await queryRunner.query(`DROP TABLE \`vote_voids\``);
  }
}
