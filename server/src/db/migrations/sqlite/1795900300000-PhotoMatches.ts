import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Copied-photo detection: each car photo's perceptual hash and its four indexed 16-bit bands (null until computed:
 * the start-up backfill hashes the photos already there), and the flags of photos that may be someone else's.
 * Columns are added in place (ALTER TABLE … ADD COLUMN) rather than by copying car_images into a new table.
 */
export class PhotoMatches1795900300000 implements MigrationInterface {
  name = 'PhotoMatches1795900300000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "car_images" ADD COLUMN "perceptualHash" varchar(16)`);
    for (const band of [0, 1, 2, 3]) {
      await queryRunner.query(`ALTER TABLE "car_images" ADD COLUMN "hashBand${band}" integer`);
    }
    await queryRunner.query(`CREATE INDEX "IDX_333a4cfc89c0519d9aedccf2c0" ON "car_images" ("hashBand0", "perceptualHash") `);
    await queryRunner.query(`CREATE INDEX "IDX_2895ffd04ed5f41ccedc913aac" ON "car_images" ("hashBand1", "perceptualHash") `);
    await queryRunner.query(`CREATE INDEX "IDX_52a4eaedb39cf7f9b056bef4b9" ON "car_images" ("hashBand2", "perceptualHash") `);
    await queryRunner.query(`CREATE INDEX "IDX_af86a31f15dd5410da76b666d3" ON "car_images" ("hashBand3", "perceptualHash") `);
    await queryRunner.query(`CREATE TABLE "photo_matches" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "imageId" integer NOT NULL, "matchedImageId" integer NOT NULL, "distance" integer NOT NULL, "createdAt" datetime NOT NULL DEFAULT (datetime('now')), "dismissedAt" datetime(3), "dismissedById" integer, CONSTRAINT "UQ_925da13b6e7a1eeddd4e649a81c" UNIQUE ("imageId", "matchedImageId"), CONSTRAINT "FK_d7cf03fb4d10d38af9fa4ecba04" FOREIGN KEY ("imageId") REFERENCES "car_images" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_ae3e093e9e6cd774f51c10090cd" FOREIGN KEY ("matchedImageId") REFERENCES "car_images" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_0753f150a7510547b96dcfd27b4" FOREIGN KEY ("dismissedById") REFERENCES "users" ("id") ON DELETE SET NULL ON UPDATE NO ACTION)`);
    await queryRunner.query(`CREATE INDEX "IDX_ae3e093e9e6cd774f51c10090c" ON "photo_matches" ("matchedImageId") `);
    await queryRunner.query(`CREATE INDEX "IDX_485b3c9df2c66b35d84a785838" ON "photo_matches" ("dismissedAt", "createdAt") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "photo_matches"`);
    await queryRunner.query(`DROP INDEX "IDX_af86a31f15dd5410da76b666d3"`);
    await queryRunner.query(`DROP INDEX "IDX_52a4eaedb39cf7f9b056bef4b9"`);
    await queryRunner.query(`DROP INDEX "IDX_2895ffd04ed5f41ccedc913aac"`);
    await queryRunner.query(`DROP INDEX "IDX_333a4cfc89c0519d9aedccf2c0"`);
    for (const column of ['hashBand3', 'hashBand2', 'hashBand1', 'hashBand0', 'perceptualHash']) {
      await queryRunner.query(`ALTER TABLE "car_images" DROP COLUMN "${column}"`);
    }
  }
}
