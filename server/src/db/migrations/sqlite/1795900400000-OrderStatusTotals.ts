import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The orders per status (order_status_totals), so the admin's order list gives the exact number of orders of a status
 * (or of all) without counting them: triggers keep it in the transaction of every order placed, moved to another
 * status or deleted, whoever writes. Back-filled from the orders there already.
 *
 * SQLite drops a table's triggers with the table: a later migration that rebuilds `orders` must create them here again.
 */
export class OrderStatusTotals1795900400000 implements MigrationInterface {
  name = 'OrderStatusTotals1795900400000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "order_status_totals" ("status" varchar(16) PRIMARY KEY NOT NULL, "orders" integer NOT NULL DEFAULT (0)) WITHOUT ROWID`,
    );
    const add = (row: string) =>
      `INSERT INTO "order_status_totals" ("status", "orders") VALUES (${row}."status", 1) ON CONFLICT ("status") DO UPDATE SET "orders" = "orders" + 1`;
    const remove = (row: string) =>
      `UPDATE "order_status_totals" SET "orders" = "orders" - 1 WHERE "status" = ${row}."status"`;
    await queryRunner.query(
      `CREATE TRIGGER "order_status_totals_insert" AFTER INSERT ON "orders" BEGIN ${add('new')}; END`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "order_status_totals_update" AFTER UPDATE OF "status" ON "orders" WHEN old."status" IS NOT new."status" BEGIN ${remove('old')}; ${add('new')}; END`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "order_status_totals_delete" AFTER DELETE ON "orders" BEGIN ${remove('old')}; END`,
    );
    await queryRunner.query(
      `INSERT INTO "order_status_totals" ("status", "orders") SELECT "status", COUNT(*) FROM "orders" GROUP BY "status"`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "order_status_totals_delete"`);
    await queryRunner.query(`DROP TRIGGER "order_status_totals_update"`);
    await queryRunner.query(`DROP TRIGGER "order_status_totals_insert"`);
    await queryRunner.query(`DROP TABLE "order_status_totals"`);
  }
}
