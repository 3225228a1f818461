import type { MigrationInterface, QueryRunner } from 'typeorm';

export class RankingIndexes1795816060992 implements MigrationInterface {
  name = 'RankingIndexes1795816060992';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_e52ada3adb918f849a057263ee"`);
    await queryRunner.query(`DROP INDEX "IDX_03cd2835876a8b3b35d1cb1ea5"`);
    await queryRunner.query(`CREATE TABLE "temporary_car_monthly_votes" ("carId" integer NOT NULL, "month" varchar(7) NOT NULL, "votes" integer NOT NULL DEFAULT (0), "listed" boolean NOT NULL DEFAULT (1), CONSTRAINT "FK_15585f9d725d456df97b5e09410" FOREIGN KEY ("carId") REFERENCES "cars" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY ("carId", "month"))`);
    await queryRunner.query(`INSERT INTO "temporary_car_monthly_votes"("carId", "month", "votes") SELECT "carId", "month", "votes" FROM "car_monthly_votes"`);
    await queryRunner.query(`DROP TABLE "car_monthly_votes"`);
    await queryRunner.query(`ALTER TABLE "temporary_car_monthly_votes" RENAME TO "car_monthly_votes"`);
    // The tallies' copy of each car's listing.
    await queryRunner.query(`UPDATE "car_monthly_votes" SET "listed" = (SELECT "published" FROM "cars" WHERE "cars"."id" = "car_monthly_votes"."carId")`);
    // Votes descending (TypeORM's index metadata has no column order): the rankings' ORDER BY votes DESC, id ASC
    // then reads the index in order and stops after N entries, without a sort.
    await queryRunner.query(`CREATE INDEX "IDX_cars_ranking" ON "cars" ("published", "totalVotes" DESC, "id") `);
    await queryRunner.query(`CREATE INDEX "IDX_car_monthly_votes_ranking" ON "car_monthly_votes" ("month", "listed", "votes" DESC, "carId") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_car_monthly_votes_ranking"`);
    await queryRunner.query(`DROP INDEX "IDX_cars_ranking"`);
    await queryRunner.query(`ALTER TABLE "car_monthly_votes" RENAME TO "temporary_car_monthly_votes"`);
    await queryRunner.query(`CREATE TABLE "car_monthly_votes" ("carId" integer NOT NULL, "month" varchar(7) NOT NULL, "votes" integer NOT NULL DEFAULT (0), CONSTRAINT "FK_15585f9d725d456df97b5e09410" FOREIGN KEY ("carId") REFERENCES "cars" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY ("carId", "month"))`);
    await queryRunner.query(`INSERT INTO "car_monthly_votes"("carId", "month", "votes") SELECT "carId", "month", "votes" FROM "temporary_car_monthly_votes"`);
    await queryRunner.query(`DROP TABLE "temporary_car_monthly_votes"`);
    await queryRunner.query(`CREATE INDEX "IDX_03cd2835876a8b3b35d1cb1ea5" ON "car_monthly_votes" ("month", "votes") `);
    await queryRunner.query(`CREATE INDEX "IDX_e52ada3adb918f849a057263ee" ON "cars" ("totalVotes") `);
  }
}
