import type { MigrationInterface, QueryRunner } from 'typeorm';

export class FairVotes1795900200000 implements MigrationInterface {
  name = 'FairVotes1795900200000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "vote_voids" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "carId" integer NOT NULL, "carName" varchar(200) NOT NULL, "blocks" text NOT NULL, "fromAt" datetime(3) NOT NULL, "toAt" datetime(3) NOT NULL, "votes" integer NOT NULL, "note" varchar(500) NOT NULL, "voidedById" integer, "voidedByName" varchar(100) NOT NULL, "createdAt" datetime(3) NOT NULL, "restoredById" integer, "restoredByName" varchar(100), "restoredAt" datetime(3), "restoreNote" varchar(500))`);
    await queryRunner.query(`CREATE INDEX "IDX_6b0f674971db7b50565fe81652" ON "vote_voids" ("createdAt") `);
    await queryRunner.query(`DROP INDEX "IDX_993f8a10ed525109a96371d411"`);
    await queryRunner.query(`DROP INDEX "IDX_d045c1ac3e79feb6a2da3259be"`);
    await queryRunner.query(`CREATE TABLE "temporary_votes" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "carId" integer NOT NULL, "ipHash" varchar(64) NOT NULL, "createdAt" datetime(3) NOT NULL, "blockHash" varchar(64), "viaCard" boolean NOT NULL DEFAULT (0), "cardEventId" integer, "voidId" integer, CONSTRAINT "FK_2d5fc64722a2483563b6e2f2920" FOREIGN KEY ("carId") REFERENCES "cars" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`);
    await queryRunner.query(`INSERT INTO "temporary_votes"("id", "carId", "ipHash", "createdAt") SELECT "id", "carId", "ipHash", "createdAt" FROM "votes"`);
    await queryRunner.query(`DROP TABLE "votes"`);
    await queryRunner.query(`ALTER TABLE "temporary_votes" RENAME TO "votes"`);
    await queryRunner.query(`CREATE INDEX "IDX_993f8a10ed525109a96371d411" ON "votes" ("carId", "createdAt") `);
    await queryRunner.query(`CREATE INDEX "IDX_d045c1ac3e79feb6a2da3259be" ON "votes" ("createdAt") `);
    await queryRunner.query(`CREATE INDEX "IDX_10fdad71d436c497fc7e6278a7" ON "votes" ("voidId") `);
    await queryRunner.query(`CREATE INDEX "IDX_901678c870f6ef5e6afd724cb9" ON "votes" ("ipHash", "createdAt") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_901678c870f6ef5e6afd724cb9"`);
    await queryRunner.query(`DROP INDEX "IDX_10fdad71d436c497fc7e6278a7"`);
    await queryRunner.query(`DROP INDEX "IDX_d045c1ac3e79feb6a2da3259be"`);
    await queryRunner.query(`DROP INDEX "IDX_993f8a10ed525109a96371d411"`);
    await queryRunner.query(`ALTER TABLE "votes" RENAME TO "temporary_votes"`);
    await queryRunner.query(`CREATE TABLE "votes" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "carId" integer NOT NULL, "ipHash" varchar(64) NOT NULL, "createdAt" datetime(3) NOT NULL, CONSTRAINT "FK_2d5fc64722a2483563b6e2f2920" FOREIGN KEY ("carId") REFERENCES "cars" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`);
    await queryRunner.query(`INSERT INTO "votes"("id", "carId", "ipHash", "createdAt") SELECT "id", "carId", "ipHash", "createdAt" FROM "temporary_votes"`);
    await queryRunner.query(`DROP TABLE "temporary_votes"`);
    await queryRunner.query(`CREATE INDEX "IDX_d045c1ac3e79feb6a2da3259be" ON "votes" ("createdAt") `);
    await queryRunner.query(`CREATE INDEX "IDX_993f8a10ed525109a96371d411" ON "votes" ("carId", "createdAt") `);
    await queryRunner.query(`DROP INDEX "IDX_6b0f674971db7b50565fe81652"`);
    await queryRunner.query(`DROP TABLE "vote_voids"`);
  }
}
