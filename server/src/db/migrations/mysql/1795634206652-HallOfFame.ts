import type { MigrationInterface, QueryRunner } from 'typeorm';

// Monthly tallies count US Central months from here on (they counted UTC months): rebuilt from the vote rows. The
// month expression is centralMonthSql (db/sql-dates.ts) as it stood when this migration was written.
const CENTRAL_MONTH = `(CASE WHEN DATE_FORMAT(\`createdAt\` - INTERVAL 5 HOUR, '%Y-%m') = DATE_FORMAT(\`createdAt\` - INTERVAL 6 HOUR, '%Y-%m') OR MONTH(\`createdAt\` - INTERVAL 5 HOUR) BETWEEN 4 AND 11 THEN DATE_FORMAT(\`createdAt\` - INTERVAL 5 HOUR, '%Y-%m') ELSE DATE_FORMAT(\`createdAt\` - INTERVAL 6 HOUR, '%Y-%m') END)`;

export class HallOfFame1795634206652 implements MigrationInterface {
  name = 'HallOfFame1795634206652';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE \`hall_of_fame_months\` (\`month\` varchar(7) NOT NULL, \`closedAt\` datetime(3) NOT NULL, PRIMARY KEY (\`month\`)) ENGINE=InnoDB`);
    await queryRunner.query(`CREATE TABLE \`hall_of_fame_places\` (\`month\` varchar(7) NOT NULL, \`rank\` int NOT NULL, \`carId\` int NOT NULL, \`votes\` int NOT NULL, INDEX \`IDX_57c99bc84534d772f3bc08c362\` (\`carId\`), PRIMARY KEY (\`month\`, \`rank\`)) ENGINE=InnoDB`);
    await queryRunner.query(`ALTER TABLE \`hall_of_fame_places\` ADD CONSTRAINT \`FK_498b6639ae97463ddfd57d9e346\` FOREIGN KEY (\`month\`) REFERENCES \`hall_of_fame_months\`(\`month\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE \`hall_of_fame_places\` ADD CONSTRAINT \`FK_57c99bc84534d772f3bc08c3629\` FOREIGN KEY (\`carId\`) REFERENCES \`cars\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`DELETE FROM \`car_monthly_votes\``);
    await queryRunner.query(
      `INSERT INTO \`car_monthly_votes\` (carId, month, votes) SELECT carId, ${CENTRAL_MONTH}, COUNT(*) FROM votes GROUP BY carId, ${CENTRAL_MONTH}`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`hall_of_fame_places\` DROP FOREIGN KEY \`FK_57c99bc84534d772f3bc08c3629\``);
    await queryRunner.query(`ALTER TABLE \`hall_of_fame_places\` DROP FOREIGN KEY \`FK_498b6639ae97463ddfd57d9e346\``);
    await queryRunner.query(`DROP INDEX \`IDX_57c99bc84534d772f3bc08c362\` ON \`hall_of_fame_places\``);
    await queryRunner.query(`DROP TABLE \`hall_of_fame_places\``);
    await queryRunner.query(`DROP TABLE \`hall_of_fame_months\``);
  }
}
