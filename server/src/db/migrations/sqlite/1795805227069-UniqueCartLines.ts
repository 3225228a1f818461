import type { MigrationInterface, QueryRunner } from 'typeorm';

// One cart line per (user, product, photo): a NOT NULL imageKey (the image id, 0 for merchandise) and a unique index
// over (userId, productId, imageKey). Existing duplicates are merged first into the oldest line, quantities summed
// up to the per-line cap (LIMITS.cartQuantityMax, 99 when this was written). Print lines whose photo was deleted
// (imageId NULL) get key 0 and merge per product too: checkout refuses them until the shopper removes them anyway.
export class UniqueCartLines1795805227069 implements MigrationInterface {
  name = 'UniqueCartLines1795805227069';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_84e765378a5f03ad9900df3a9b"`);
    await queryRunner.query(`CREATE TABLE "temporary_cart_items" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "userId" integer NOT NULL, "productId" integer NOT NULL, "carId" integer, "imageId" integer, "quantity" integer NOT NULL DEFAULT (1), "createdAt" datetime NOT NULL DEFAULT (datetime('now')), "updatedAt" datetime NOT NULL DEFAULT (datetime('now')), "imageKey" integer NOT NULL, CONSTRAINT "FK_e22ecd11a24bf13706ca8b88634" FOREIGN KEY ("imageId") REFERENCES "car_images" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_e89d6064fc0b583b0e368c2a0e6" FOREIGN KEY ("carId") REFERENCES "cars" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_72679d98b31c737937b8932ebe6" FOREIGN KEY ("productId") REFERENCES "products" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_84e765378a5f03ad9900df3a9ba" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`);
    await queryRunner.query(`INSERT INTO "temporary_cart_items"("id", "userId", "productId", "carId", "imageId", "quantity", "createdAt", "updatedAt", "imageKey") SELECT "id", "userId", "productId", "carId", "imageId", "quantity", "createdAt", "updatedAt", COALESCE("imageId", 0) FROM "cart_items"`);
    await queryRunner.query(`DROP TABLE "cart_items"`);
    await queryRunner.query(`ALTER TABLE "temporary_cart_items" RENAME TO "cart_items"`);
    await queryRunner.query(`UPDATE "cart_items" SET "quantity" = MIN(99, (SELECT SUM("d"."quantity") FROM "cart_items" "d" WHERE "d"."userId" = "cart_items"."userId" AND "d"."productId" = "cart_items"."productId" AND "d"."imageKey" = "cart_items"."imageKey")) WHERE "id" IN (SELECT MIN("id") FROM "cart_items" GROUP BY "userId", "productId", "imageKey" HAVING COUNT(*) > 1)`);
    await queryRunner.query(`DELETE FROM "cart_items" WHERE "id" NOT IN (SELECT MIN("id") FROM "cart_items" GROUP BY "userId", "productId", "imageKey")`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_5e80f259b557ab0f3f4f1d3cc0" ON "cart_items" ("userId", "productId", "imageKey") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_5e80f259b557ab0f3f4f1d3cc0"`);
    await queryRunner.query(`ALTER TABLE "cart_items" RENAME TO "temporary_cart_items"`);
    await queryRunner.query(`CREATE TABLE "cart_items" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "userId" integer NOT NULL, "productId" integer NOT NULL, "carId" integer, "imageId" integer, "quantity" integer NOT NULL DEFAULT (1), "createdAt" datetime NOT NULL DEFAULT (datetime('now')), "updatedAt" datetime NOT NULL DEFAULT (datetime('now')), CONSTRAINT "FK_e22ecd11a24bf13706ca8b88634" FOREIGN KEY ("imageId") REFERENCES "car_images" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_e89d6064fc0b583b0e368c2a0e6" FOREIGN KEY ("carId") REFERENCES "cars" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_72679d98b31c737937b8932ebe6" FOREIGN KEY ("productId") REFERENCES "products" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_84e765378a5f03ad9900df3a9ba" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`);
    await queryRunner.query(`INSERT INTO "cart_items"("id", "userId", "productId", "carId", "imageId", "quantity", "createdAt", "updatedAt") SELECT "id", "userId", "productId", "carId", "imageId", "quantity", "createdAt", "updatedAt" FROM "temporary_cart_items"`);
    await queryRunner.query(`DROP TABLE "temporary_cart_items"`);
    await queryRunner.query(`CREATE INDEX "IDX_84e765378a5f03ad9900df3a9b" ON "cart_items" ("userId") `);
  }
}
