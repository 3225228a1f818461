import type { MigrationInterface, QueryRunner } from 'typeorm';

export class OrderFulfilment1795622025833 implements MigrationInterface {
  name = 'OrderFulfilment1795622025833';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_30e6836e8539f85bfc47198067"`);
    await queryRunner.query(`DROP INDEX "IDX_d5e3786a82fe691d8bbbb1e256"`);
    await queryRunner.query(`DROP INDEX "IDX_1f4b9818a08b822a31493fdee9"`);
    await queryRunner.query(`CREATE TABLE "temporary_orders" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "userId" integer NOT NULL, "status" varchar(16) NOT NULL DEFAULT ('pending'), "email" varchar(254) NOT NULL, "shipName" varchar(100) NOT NULL, "shipLine1" varchar(200) NOT NULL, "shipLine2" varchar(200), "shipCity" varchar(200) NOT NULL, "shipState" varchar(40) NOT NULL, "shipPostalCode" varchar(20) NOT NULL, "shipCountry" varchar(60) NOT NULL DEFAULT ('US'), "subtotal" integer NOT NULL, "shipping" integer NOT NULL, "tax" integer NOT NULL, "total" integer NOT NULL, "paymentId" varchar(255) NOT NULL, "paymentProvider" varchar(16) NOT NULL, "trackingNumber" varchar(100), "notes" text, "createdAt" datetime NOT NULL DEFAULT (datetime('now')), "updatedAt" datetime NOT NULL DEFAULT (datetime('now')), "internalNote" text, "refundedAmount" integer NOT NULL DEFAULT (0), "refundState" varchar(20), CONSTRAINT "UQ_06a051324c76276ca2a9d1feb08" UNIQUE ("paymentId"), CONSTRAINT "FK_151b79a83ba240b0cb31b2302d1" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION)`);
    await queryRunner.query(`INSERT INTO "temporary_orders"("id", "userId", "status", "email", "shipName", "shipLine1", "shipLine2", "shipCity", "shipState", "shipPostalCode", "shipCountry", "subtotal", "shipping", "tax", "total", "paymentId", "paymentProvider", "trackingNumber", "notes", "createdAt", "updatedAt") SELECT "id", "userId", "status", "email", "shipName", "shipLine1", "shipLine2", "shipCity", "shipState", "shipPostalCode", "shipCountry", "subtotal", "shipping", "tax", "total", "paymentId", "paymentProvider", "trackingNumber", "notes", "createdAt", "updatedAt" FROM "orders"`);
    await queryRunner.query(`DROP TABLE "orders"`);
    await queryRunner.query(`ALTER TABLE "temporary_orders" RENAME TO "orders"`);
    await queryRunner.query(`CREATE INDEX "IDX_30e6836e8539f85bfc47198067" ON "orders" ("userId", "createdAt") `);
    await queryRunner.query(`CREATE INDEX "IDX_d5e3786a82fe691d8bbbb1e256" ON "orders" ("status", "createdAt") `);
    await queryRunner.query(`CREATE INDEX "IDX_1f4b9818a08b822a31493fdee9" ON "orders" ("createdAt") `);
    await queryRunner.query(`DROP INDEX "IDX_4e599c5817eac5ab84ad829385"`);
    await queryRunner.query(`CREATE TABLE "temporary_order_status_changes" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "orderId" integer NOT NULL, "fromStatus" varchar(16), "toStatus" varchar(16) NOT NULL, "changedById" integer, "note" text, "createdAt" datetime NOT NULL DEFAULT (datetime('now')), "trackingNumber" varchar(100), CONSTRAINT "FK_c4867540878cef33378a841445e" FOREIGN KEY ("changedById") REFERENCES "users" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_1b98e6e59305fc8fee4452f2608" FOREIGN KEY ("orderId") REFERENCES "orders" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`);
    await queryRunner.query(`INSERT INTO "temporary_order_status_changes"("id", "orderId", "fromStatus", "toStatus", "changedById", "note", "createdAt") SELECT "id", "orderId", "fromStatus", "toStatus", "changedById", "note", "createdAt" FROM "order_status_changes"`);
    await queryRunner.query(`DROP TABLE "order_status_changes"`);
    await queryRunner.query(`ALTER TABLE "temporary_order_status_changes" RENAME TO "order_status_changes"`);
    await queryRunner.query(`CREATE INDEX "IDX_4e599c5817eac5ab84ad829385" ON "order_status_changes" ("orderId", "createdAt") `);
    // Orders canceled before this migration were refunded in full when their payment says so; else the refund failed.
    await queryRunner.query(
      `UPDATE "orders" SET "refundState" = 'refunded', "refundedAmount" = "total" WHERE "status" = 'canceled' AND "paymentId" IN (SELECT "providerPaymentId" FROM "payments" WHERE "status" = 'refunded')`,
    );
    await queryRunner.query(
      `UPDATE "orders" SET "refundState" = 'refund_failed' WHERE "status" = 'canceled' AND "refundState" IS NULL`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_4e599c5817eac5ab84ad829385"`);
    await queryRunner.query(`ALTER TABLE "order_status_changes" RENAME TO "temporary_order_status_changes"`);
    await queryRunner.query(`CREATE TABLE "order_status_changes" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "orderId" integer NOT NULL, "fromStatus" varchar(16), "toStatus" varchar(16) NOT NULL, "changedById" integer, "note" text, "createdAt" datetime NOT NULL DEFAULT (datetime('now')), CONSTRAINT "FK_c4867540878cef33378a841445e" FOREIGN KEY ("changedById") REFERENCES "users" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_1b98e6e59305fc8fee4452f2608" FOREIGN KEY ("orderId") REFERENCES "orders" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`);
    await queryRunner.query(`INSERT INTO "order_status_changes"("id", "orderId", "fromStatus", "toStatus", "changedById", "note", "createdAt") SELECT "id", "orderId", "fromStatus", "toStatus", "changedById", "note", "createdAt" FROM "temporary_order_status_changes"`);
    await queryRunner.query(`DROP TABLE "temporary_order_status_changes"`);
    await queryRunner.query(`CREATE INDEX "IDX_4e599c5817eac5ab84ad829385" ON "order_status_changes" ("orderId", "createdAt") `);
    await queryRunner.query(`DROP INDEX "IDX_1f4b9818a08b822a31493fdee9"`);
    await queryRunner.query(`DROP INDEX "IDX_d5e3786a82fe691d8bbbb1e256"`);
    await queryRunner.query(`DROP INDEX "IDX_30e6836e8539f85bfc47198067"`);
    await queryRunner.query(`ALTER TABLE "orders" RENAME TO "temporary_orders"`);
    await queryRunner.query(`CREATE TABLE "orders" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "userId" integer NOT NULL, "status" varchar(16) NOT NULL DEFAULT ('pending'), "email" varchar(254) NOT NULL, "shipName" varchar(100) NOT NULL, "shipLine1" varchar(200) NOT NULL, "shipLine2" varchar(200), "shipCity" varchar(200) NOT NULL, "shipState" varchar(40) NOT NULL, "shipPostalCode" varchar(20) NOT NULL, "shipCountry" varchar(60) NOT NULL DEFAULT ('US'), "subtotal" integer NOT NULL, "shipping" integer NOT NULL, "tax" integer NOT NULL, "total" integer NOT NULL, "paymentId" varchar(255) NOT NULL, "paymentProvider" varchar(16) NOT NULL, "trackingNumber" varchar(100), "notes" text, "createdAt" datetime NOT NULL DEFAULT (datetime('now')), "updatedAt" datetime NOT NULL DEFAULT (datetime('now')), CONSTRAINT "UQ_06a051324c76276ca2a9d1feb08" UNIQUE ("paymentId"), CONSTRAINT "FK_151b79a83ba240b0cb31b2302d1" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION)`);
    await queryRunner.query(`INSERT INTO "orders"("id", "userId", "status", "email", "shipName", "shipLine1", "shipLine2", "shipCity", "shipState", "shipPostalCode", "shipCountry", "subtotal", "shipping", "tax", "total", "paymentId", "paymentProvider", "trackingNumber", "notes", "createdAt", "updatedAt") SELECT "id", "userId", "status", "email", "shipName", "shipLine1", "shipLine2", "shipCity", "shipState", "shipPostalCode", "shipCountry", "subtotal", "shipping", "tax", "total", "paymentId", "paymentProvider", "trackingNumber", "notes", "createdAt", "updatedAt" FROM "temporary_orders"`);
    await queryRunner.query(`DROP TABLE "temporary_orders"`);
    await queryRunner.query(`CREATE INDEX "IDX_1f4b9818a08b822a31493fdee9" ON "orders" ("createdAt") `);
    await queryRunner.query(`CREATE INDEX "IDX_d5e3786a82fe691d8bbbb1e256" ON "orders" ("status", "createdAt") `);
    await queryRunner.query(`CREATE INDEX "IDX_30e6836e8539f85bfc47198067" ON "orders" ("userId", "createdAt") `);
  }
}
