import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CarPhotoPublicRendition1795807279126 implements MigrationInterface {
  name = 'CarPhotoPublicRendition1795807279126';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "IDX_844da54e129b3e72d2139ae3f4" ON "car_images" ("storageKey") `);
    // A car photo's public URL becomes its largest rendition (the original is kept for prints, not served), here and
    // on the order lines that copied it.
    await queryRunner.query(`UPDATE "car_images" SET "url" = json_extract("variants", '$.w1600') WHERE json_extract("variants", '$.w1600') IS NOT NULL`);
    await queryRunner.query(`UPDATE "order_items" SET "imageUrl" = (SELECT "url" FROM "car_images" WHERE "car_images"."id" = "order_items"."imageId") WHERE "imageId" IS NOT NULL AND EXISTS (SELECT 1 FROM "car_images" WHERE "car_images"."id" = "order_items"."imageId")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_844da54e129b3e72d2139ae3f4"`);
  }
}
