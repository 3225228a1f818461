import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The words of order `o` and its customer `u` (SQL rows or NEW/OLD) as a JSON array (db/search-words.ts). */
const words = (o: string, u: string) =>
  `search_words(${o}."email", ${o}."shipName", ${u}."email", ${u}."name", ${u}."username")`;

/**
 * The admin order search's word index: order_words holds one row per word of an order's e-mail and ship-to name and
 * of its customer's e-mail, name and username (search_words: lower case, accents dropped, split at everything but
 * letters and digits), read by prefix in word order and probed per order by (orderId, word). Triggers keep it in step
 * in the transaction of every write (an order placed or changed, a customer's e-mail, name or username changed,
 * whoever writes); the foreign key removes an order's words with it.
 *
 * SQLite drops a table's triggers with the table: a later migration that rebuilds `orders` or `users` must create
 * their triggers here again.
 */
export class OrderSearchIndex1795827400000 implements MigrationInterface {
  name = 'OrderSearchIndex1795827400000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "order_words" ("word" varchar(60) NOT NULL, "orderId" integer NOT NULL, PRIMARY KEY ("word", "orderId"), CONSTRAINT "FK_order_words_order" FOREIGN KEY ("orderId") REFERENCES "orders" ("id") ON DELETE CASCADE) WITHOUT ROWID`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_order_words_order" ON "order_words" ("orderId", "word")`);
    await queryRunner.query(
      `CREATE TRIGGER "order_words_insert" AFTER INSERT ON "orders" BEGIN INSERT OR IGNORE INTO "order_words" ("word", "orderId") SELECT j."value", new."id" FROM "users" u, json_each(${words('new', 'u')}) j WHERE u."id" = new."userId"; END`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "order_words_update" AFTER UPDATE OF "email", "shipName", "userId" ON "orders" BEGIN DELETE FROM "order_words" WHERE "orderId" = old."id"; INSERT OR IGNORE INTO "order_words" ("word", "orderId") SELECT j."value", new."id" FROM "users" u, json_each(${words('new', 'u')}) j WHERE u."id" = new."userId"; END`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "order_words_customer" AFTER UPDATE OF "email", "name", "username" ON "users" BEGIN DELETE FROM "order_words" WHERE "orderId" IN (SELECT "id" FROM "orders" WHERE "userId" = new."id"); INSERT OR IGNORE INTO "order_words" ("word", "orderId") SELECT j."value", o."id" FROM "orders" o, json_each(${words('o', 'new')}) j WHERE o."userId" = new."id"; END`,
    );
    // The orders there already.
    await queryRunner.query(
      `INSERT OR IGNORE INTO "order_words" ("word", "orderId") SELECT j."value", o."id" FROM "orders" o INNER JOIN "users" u ON u."id" = o."userId", json_each(${words('o', 'u')}) j`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "order_words_customer"`);
    await queryRunner.query(`DROP TRIGGER "order_words_update"`);
    await queryRunner.query(`DROP TRIGGER "order_words_insert"`);
    await queryRunner.query(`DROP TABLE "order_words"`);
  }
}
