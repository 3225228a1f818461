import type { MigrationInterface, QueryRunner } from 'typeorm';
import { backfillAggregates, createAggregateTriggers, dropAggregateTriggers } from '../../aggregate-triggers';

export class Aggregates1795816094274 implements MigrationInterface {
  name = 'Aggregates1795816094274';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "sitemap_blocks" ("block" integer PRIMARY KEY NOT NULL, "cars" integer NOT NULL DEFAULT (0), "version" integer NOT NULL DEFAULT (0), "lastmod" datetime(3))`);
    await queryRunner.query(`CREATE TABLE "car_totals" ("category" varchar(20) PRIMARY KEY NOT NULL, "cars" integer NOT NULL DEFAULT (0), "featured" integer NOT NULL DEFAULT (0), "featuredListed" integer NOT NULL DEFAULT (0))`);
    await queryRunner.query(`CREATE TABLE "vote_totals" ("slot" integer PRIMARY KEY NOT NULL, "votes" bigint NOT NULL DEFAULT (0))`);
    await queryRunner.query(`CREATE TABLE "card_vote_totals" ("eventId" integer NOT NULL, "slot" integer NOT NULL, "votes" integer NOT NULL DEFAULT (0), PRIMARY KEY ("eventId", "slot"))`);
    await queryRunner.query(`CREATE TABLE "sales_months" ("month" varchar(7) PRIMARY KEY NOT NULL, "orders" integer NOT NULL DEFAULT (0), "revenue" bigint NOT NULL DEFAULT (0), "refunds" integer NOT NULL DEFAULT (0), "refundedAmount" bigint NOT NULL DEFAULT (0), "canceled" integer NOT NULL DEFAULT (0), "refunded" integer NOT NULL DEFAULT (0), "partiallyRefunded" integer NOT NULL DEFAULT (0), "notRefunded" integer NOT NULL DEFAULT (0), "refundFailed" integer NOT NULL DEFAULT (0), "prints" bigint NOT NULL DEFAULT (0))`);
    await queryRunner.query(`CREATE TABLE "product_sales_months" ("month" varchar(7) NOT NULL, "productId" integer NOT NULL, "productName" varchar(200) NOT NULL, "isMerch" boolean NOT NULL, "quantity" integer NOT NULL DEFAULT (0), "revenue" bigint NOT NULL DEFAULT (0), PRIMARY KEY ("month", "productId", "productName", "isMerch"))`);
    // The running totals and the sitemap's blocks: kept by triggers from here on, filled from the data so far.
    for (const sql of createAggregateTriggers('sqlite')) await queryRunner.query(sql);
    for (const sql of backfillAggregates('sqlite')) await queryRunner.query(sql);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const sql of dropAggregateTriggers()) await queryRunner.query(sql);
    await queryRunner.query(`DROP TABLE "product_sales_months"`);
    await queryRunner.query(`DROP TABLE "sales_months"`);
    await queryRunner.query(`DROP TABLE "card_vote_totals"`);
    await queryRunner.query(`DROP TABLE "vote_totals"`);
    await queryRunner.query(`DROP TABLE "car_totals"`);
    await queryRunner.query(`DROP TABLE "sitemap_blocks"`);
  }
}
