import type { MigrationInterface, QueryRunner } from 'typeorm';

export class HallOfFameKeepsPlaces1795806751591 implements MigrationInterface {
  name = 'HallOfFameKeepsPlaces1795806751591';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`hall_of_fame_places\` DROP FOREIGN KEY \`FK_57c99bc84534d772f3bc08c3629\``);
    await queryRunner.query(`ALTER TABLE \`hall_of_fame_places\` ADD \`name\` varchar(200) NOT NULL`);
    await queryRunner.query(`ALTER TABLE \`hall_of_fame_places\` ADD \`ownerName\` varchar(100) NOT NULL`);
    // The places of months already closed get the names of their cars, which still exist (the old key cascaded).
    await queryRunner.query(`UPDATE \`hall_of_fame_places\` p JOIN \`cars\` c ON c.\`id\` = p.\`carId\` SET p.\`name\` = CONCAT(c.\`year\`, ' ', c.\`make\`, ' ', c.\`model\`), p.\`ownerName\` = c.\`ownerName\``);
    await queryRunner.query(`ALTER TABLE \`hall_of_fame_places\` CHANGE \`carId\` \`carId\` int NULL`);
    await queryRunner.query(`ALTER TABLE \`hall_of_fame_places\` ADD CONSTRAINT \`FK_57c99bc84534d772f3bc08c3629\` FOREIGN KEY (\`carId\`) REFERENCES \`cars\`(\`id\`) ON DELETE SET NULL ON UPDATE NO ACTION`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`hall_of_fame_places\` DROP FOREIGN KEY \`FK_57c99bc84534d772f3bc08c3629\``);
    await queryRunner.query(`ALTER TABLE \`hall_of_fame_places\` CHANGE \`carId\` \`carId\` int NOT NULL`);
    await queryRunner.query(`ALTER TABLE \`hall_of_fame_places\` DROP COLUMN \`ownerName\``);
    await queryRunner.query(`ALTER TABLE \`hall_of_fame_places\` DROP COLUMN \`name\``);
    await queryRunner.query(`ALTER TABLE \`hall_of_fame_places\` ADD CONSTRAINT \`FK_57c99bc84534d772f3bc08c3629\` FOREIGN KEY (\`carId\`) REFERENCES \`cars\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
  }
}
