import type { MigrationInterface, QueryRunner } from 'typeorm';

export class RankingIndexes1795816064180 implements MigrationInterface {
  name = 'RankingIndexes1795816064180';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX \`IDX_e52ada3adb918f849a057263ee\` ON \`cars\``);
    await queryRunner.query(`DROP INDEX \`IDX_03cd2835876a8b3b35d1cb1ea5\` ON \`car_monthly_votes\``);
    await queryRunner.query(`ALTER TABLE \`car_monthly_votes\` ADD \`listed\` tinyint NOT NULL DEFAULT 1`);
    // The tallies' copy of each car's listing.
    await queryRunner.query(`UPDATE \`car_monthly_votes\` m JOIN \`cars\` c ON c.\`id\` = m.\`carId\` SET m.\`listed\` = c.\`published\``);
    // Votes descending (TypeORM's index metadata has no column order): the rankings' ORDER BY votes DESC, id ASC
    // then reads the index in order and stops after N entries, without a sort.
    await queryRunner.query(`CREATE INDEX \`IDX_cars_ranking\` ON \`cars\` (\`published\`, \`totalVotes\` DESC, \`id\`)`);
    await queryRunner.query(`CREATE INDEX \`IDX_car_monthly_votes_ranking\` ON \`car_monthly_votes\` (\`month\`, \`listed\`, \`votes\` DESC, \`carId\`)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX \`IDX_car_monthly_votes_ranking\` ON \`car_monthly_votes\``);
    await queryRunner.query(`DROP INDEX \`IDX_cars_ranking\` ON \`cars\``);
    await queryRunner.query(`ALTER TABLE \`car_monthly_votes\` DROP COLUMN \`listed\``);
    await queryRunner.query(`CREATE INDEX \`IDX_03cd2835876a8b3b35d1cb1ea5\` ON \`car_monthly_votes\` (\`month\`, \`votes\`)`);
    await queryRunner.query(`CREATE INDEX \`IDX_e52ada3adb918f849a057263ee\` ON \`cars\` (\`totalVotes\`)`);
  }
}
