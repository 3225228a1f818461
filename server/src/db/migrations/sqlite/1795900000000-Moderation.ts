import type { MigrationInterface, QueryRunner } from 'typeorm';

// Hand-written from the generator's output: ADD COLUMN keeps the cars table (its triggers and search index) in place,
// where the generator would copy it into a new table.
export class Moderation1795900000000 implements MigrationInterface {
  name = 'Moderation1795900000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "moderation_actions" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "action" varchar(20) NOT NULL, "carId" integer, "carName" varchar(200) NOT NULL, "imageId" integer, "note" text NOT NULL, "adminId" integer, "createdAt" datetime NOT NULL DEFAULT (datetime('now')), CONSTRAINT "FK_e44fd329ea767da9b0daa89df66" FOREIGN KEY ("carId") REFERENCES "cars" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_5e3d03b7ca6f4a11c8b792b82e8" FOREIGN KEY ("adminId") REFERENCES "users" ("id") ON DELETE SET NULL ON UPDATE NO ACTION)`);
    await queryRunner.query(`CREATE INDEX "IDX_e44fd329ea767da9b0daa89df6" ON "moderation_actions" ("carId") `);
    await queryRunner.query(`CREATE INDEX "IDX_10fe87197c6d33a1d9486f5558" ON "moderation_actions" ("createdAt") `);
    await queryRunner.query(`CREATE TABLE "moderation_flags" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "kind" varchar(20) NOT NULL DEFAULT ('report'), "carId" integer NOT NULL, "photoKey" integer NOT NULL DEFAULT (0), "reporterId" integer, "reason" varchar(20) NOT NULL, "details" varchar(500), "open" boolean DEFAULT (1), "actionId" integer, "createdAt" datetime NOT NULL DEFAULT (datetime('now')), "closedAt" datetime(3), CONSTRAINT "FK_a28774ed8bc47fc194d9972e688" FOREIGN KEY ("carId") REFERENCES "cars" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_9ee3c053d8e0afc4a38a1fda953" FOREIGN KEY ("reporterId") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`);
    await queryRunner.query(`CREATE INDEX "IDX_8c533f95dd2c7f9178b20f3481" ON "moderation_flags" ("reporterId", "createdAt") `);
    await queryRunner.query(`CREATE INDEX "IDX_9c1517d3ed716a42b32712b92c" ON "moderation_flags" ("open", "createdAt") `);
    await queryRunner.query(`CREATE INDEX "IDX_5f8e10ed2686d608635e9e59c8" ON "moderation_flags" ("carId", "open") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_moderation_flags_open_report" ON "moderation_flags" ("reporterId", "carId", "photoKey", "open") `);
    await queryRunner.query(`ALTER TABLE "cars" ADD COLUMN "reviewState" varchar(10) NOT NULL DEFAULT ('public')`);
    await queryRunner.query(`CREATE INDEX "IDX_5790e0cf29fe9dc213581bb762" ON "cars" ("reviewState", "createdAt") `);
    await queryRunner.query(`ALTER TABLE "cars" ADD COLUMN "reviewNote" text`);
    await queryRunner.query(`ALTER TABLE "site_settings" ADD COLUMN "reportHoldThreshold" integer NOT NULL DEFAULT (3)`);
    await queryRunner.query(`ALTER TABLE "site_settings" ADD COLUMN "reviewNewCars" boolean NOT NULL DEFAULT (0)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "site_settings" DROP COLUMN "reviewNewCars"`);
    await queryRunner.query(`ALTER TABLE "site_settings" DROP COLUMN "reportHoldThreshold"`);
    await queryRunner.query(`ALTER TABLE "cars" DROP COLUMN "reviewNote"`);
    await queryRunner.query(`DROP INDEX "IDX_5790e0cf29fe9dc213581bb762"`);
    await queryRunner.query(`ALTER TABLE "cars" DROP COLUMN "reviewState"`);
    await queryRunner.query(`DROP TABLE "moderation_flags"`);
    await queryRunner.query(`DROP TABLE "moderation_actions"`);
  }
}
