import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CarPublished1795633245548 implements MigrationInterface {
  name = 'CarPublished1795633245548';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_d384fb9a84c8ca7e2bb4259f20"`);
    await queryRunner.query(`DROP INDEX "IDX_8fa6e20205a6735032631eb9e9"`);
    await queryRunner.query(`DROP INDEX "IDX_3b17d34792270bf4f04808dcdf"`);
    await queryRunner.query(`DROP INDEX "IDX_e52ada3adb918f849a057263ee"`);
    await queryRunner.query(`DROP INDEX "IDX_f011a88b8b052ffd0db75c1ad4"`);
    await queryRunner.query(`CREATE TABLE "temporary_cars" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "slug" varchar(160) NOT NULL, "make" varchar(60) NOT NULL, "model" varchar(80) NOT NULL, "year" integer NOT NULL, "category" varchar(20), "story" text, "specs" text, "ownerName" varchar(100) NOT NULL, "ownerId" integer, "additionalSpecs" text, "legalAgreement" boolean NOT NULL DEFAULT (0), "featured" boolean NOT NULL DEFAULT (0), "totalVotes" integer NOT NULL DEFAULT (0), "createdAt" datetime NOT NULL DEFAULT (datetime('now')), "updatedAt" datetime NOT NULL DEFAULT (datetime('now')), "published" boolean NOT NULL DEFAULT (1), CONSTRAINT "UQ_2eee723642eba3233b6fdd90ffb" UNIQUE ("slug"), CONSTRAINT "FK_f011a88b8b052ffd0db75c1ad44" FOREIGN KEY ("ownerId") REFERENCES "users" ("id") ON DELETE SET NULL ON UPDATE NO ACTION)`);
    await queryRunner.query(`INSERT INTO "temporary_cars"("id", "slug", "make", "model", "year", "category", "story", "specs", "ownerName", "ownerId", "additionalSpecs", "legalAgreement", "featured", "totalVotes", "createdAt", "updatedAt") SELECT "id", "slug", "make", "model", "year", "category", "story", "specs", "ownerName", "ownerId", "additionalSpecs", "legalAgreement", "featured", "totalVotes", "createdAt", "updatedAt" FROM "cars"`);
    await queryRunner.query(`DROP TABLE "cars"`);
    await queryRunner.query(`ALTER TABLE "temporary_cars" RENAME TO "cars"`);
    await queryRunner.query(`CREATE INDEX "IDX_d384fb9a84c8ca7e2bb4259f20" ON "cars" ("featured", "createdAt") `);
    await queryRunner.query(`CREATE INDEX "IDX_8fa6e20205a6735032631eb9e9" ON "cars" ("category", "createdAt") `);
    await queryRunner.query(`CREATE INDEX "IDX_3b17d34792270bf4f04808dcdf" ON "cars" ("createdAt") `);
    await queryRunner.query(`CREATE INDEX "IDX_e52ada3adb918f849a057263ee" ON "cars" ("totalVotes") `);
    await queryRunner.query(`CREATE INDEX "IDX_f011a88b8b052ffd0db75c1ad4" ON "cars" ("ownerId") `);
    // A car without a photo was never meant to be public: unlisted until its owner adds one.
    await queryRunner.query(
      `UPDATE "cars" SET "published" = 0 WHERE NOT EXISTS (SELECT 1 FROM "car_images" WHERE "car_images"."carId" = "cars"."id")`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_f011a88b8b052ffd0db75c1ad4"`);
    await queryRunner.query(`DROP INDEX "IDX_e52ada3adb918f849a057263ee"`);
    await queryRunner.query(`DROP INDEX "IDX_3b17d34792270bf4f04808dcdf"`);
    await queryRunner.query(`DROP INDEX "IDX_8fa6e20205a6735032631eb9e9"`);
    await queryRunner.query(`DROP INDEX "IDX_d384fb9a84c8ca7e2bb4259f20"`);
    await queryRunner.query(`ALTER TABLE "cars" RENAME TO "temporary_cars"`);
    await queryRunner.query(`CREATE TABLE "cars" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "slug" varchar(160) NOT NULL, "make" varchar(60) NOT NULL, "model" varchar(80) NOT NULL, "year" integer NOT NULL, "category" varchar(20), "story" text, "specs" text, "ownerName" varchar(100) NOT NULL, "ownerId" integer, "additionalSpecs" text, "legalAgreement" boolean NOT NULL DEFAULT (0), "featured" boolean NOT NULL DEFAULT (0), "totalVotes" integer NOT NULL DEFAULT (0), "createdAt" datetime NOT NULL DEFAULT (datetime('now')), "updatedAt" datetime NOT NULL DEFAULT (datetime('now')), CONSTRAINT "UQ_2eee723642eba3233b6fdd90ffb" UNIQUE ("slug"), CONSTRAINT "FK_f011a88b8b052ffd0db75c1ad44" FOREIGN KEY ("ownerId") REFERENCES "users" ("id") ON DELETE SET NULL ON UPDATE NO ACTION)`);
    await queryRunner.query(`INSERT INTO "cars"("id", "slug", "make", "model", "year", "category", "story", "specs", "ownerName", "ownerId", "additionalSpecs", "legalAgreement", "featured", "totalVotes", "createdAt", "updatedAt") SELECT "id", "slug", "make", "model", "year", "category", "story", "specs", "ownerName", "ownerId", "additionalSpecs", "legalAgreement", "featured", "totalVotes", "createdAt", "updatedAt" FROM "temporary_cars"`);
    await queryRunner.query(`DROP TABLE "temporary_cars"`);
    await queryRunner.query(`CREATE INDEX "IDX_f011a88b8b052ffd0db75c1ad4" ON "cars" ("ownerId") `);
    await queryRunner.query(`CREATE INDEX "IDX_e52ada3adb918f849a057263ee" ON "cars" ("totalVotes") `);
    await queryRunner.query(`CREATE INDEX "IDX_3b17d34792270bf4f04808dcdf" ON "cars" ("createdAt") `);
    await queryRunner.query(`CREATE INDEX "IDX_8fa6e20205a6735032631eb9e9" ON "cars" ("category", "createdAt") `);
    await queryRunner.query(`CREATE INDEX "IDX_d384fb9a84c8ca7e2bb4259f20" ON "cars" ("featured", "createdAt") `);
  }
}
