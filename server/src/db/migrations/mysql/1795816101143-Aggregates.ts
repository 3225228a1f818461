import type { MigrationInterface, QueryRunner } from 'typeorm';
import { backfillAggregates, createAggregateTriggers, dropAggregateTriggers } from '../../aggregate-triggers';

export class Aggregates1795816101143 implements MigrationInterface {
  name = 'Aggregates1795816101143';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE \`sitemap_blocks\` (\`block\` int NOT NULL, \`cars\` int NOT NULL DEFAULT '0', \`version\` int NOT NULL DEFAULT '0', \`lastmod\` datetime(3) NULL, PRIMARY KEY (\`block\`)) ENGINE=InnoDB`);
    await queryRunner.query(`CREATE TABLE \`car_totals\` (\`category\` varchar(20) NOT NULL, \`cars\` int NOT NULL DEFAULT '0', \`featured\` int NOT NULL DEFAULT '0', \`featuredListed\` int NOT NULL DEFAULT '0', PRIMARY KEY (\`category\`)) ENGINE=InnoDB`);
    await queryRunner.query(`CREATE TABLE \`vote_totals\` (\`slot\` int NOT NULL, \`votes\` bigint NOT NULL DEFAULT '0', PRIMARY KEY (\`slot\`)) ENGINE=InnoDB`);
    await queryRunner.query(`CREATE TABLE \`card_vote_totals\` (\`eventId\` int NOT NULL, \`slot\` int NOT NULL, \`votes\` int NOT NULL DEFAULT '0', PRIMARY KEY (\`eventId\`, \`slot\`)) ENGINE=InnoDB`);
    await queryRunner.query(`CREATE TABLE \`sales_months\` (\`month\` varchar(7) NOT NULL, \`orders\` int NOT NULL DEFAULT '0', \`revenue\` bigint NOT NULL DEFAULT '0', \`refunds\` int NOT NULL DEFAULT '0', \`refundedAmount\` bigint NOT NULL DEFAULT '0', \`canceled\` int NOT NULL DEFAULT '0', \`refunded\` int NOT NULL DEFAULT '0', \`partiallyRefunded\` int NOT NULL DEFAULT '0', \`notRefunded\` int NOT NULL DEFAULT '0', \`refundFailed\` int NOT NULL DEFAULT '0', \`prints\` bigint NOT NULL DEFAULT '0', PRIMARY KEY (\`month\`)) ENGINE=InnoDB`);
    await queryRunner.query(`CREATE TABLE \`product_sales_months\` (\`month\` varchar(7) NOT NULL, \`productId\` int NOT NULL, \`productName\` varchar(200) NOT NULL, \`isMerch\` tinyint NOT NULL, \`quantity\` int NOT NULL DEFAULT '0', \`revenue\` bigint NOT NULL DEFAULT '0', PRIMARY KEY (\`month\`, \`productId\`, \`productName\`, \`isMerch\`)) ENGINE=InnoDB`);
    // The running totals and the sitemap's blocks: kept by triggers from here on, filled from the data so far.
    for (const sql of createAggregateTriggers('mysql')) await queryRunner.query(sql);
    for (const sql of backfillAggregates('mysql')) await queryRunner.query(sql);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const sql of dropAggregateTriggers()) await queryRunner.query(sql);
    await queryRunner.query(`DROP TABLE \`product_sales_months\``);
    await queryRunner.query(`DROP TABLE \`sales_months\``);
    await queryRunner.query(`DROP TABLE \`card_vote_totals\``);
    await queryRunner.query(`DROP TABLE \`vote_totals\``);
    await queryRunner.query(`DROP TABLE \`car_totals\``);
    await queryRunner.query(`DROP TABLE \`sitemap_blocks\``);
  }
}
