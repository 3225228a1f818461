import type { MigrationInterface, QueryRunner } from 'typeorm';

// Monthly tallies count US Central months from here on (they counted UTC months): rebuilt from the vote rows. The
// month expression is centralMonthSql (db/sql-dates.ts) as it stood when this migration was written.
const CENTRAL_MONTH = `(CASE WHEN strftime('%Y-%m', "createdAt", '-5 hours') = strftime('%Y-%m', "createdAt", '-6 hours') OR CAST(substr(strftime('%Y-%m', "createdAt", '-5 hours'), 6, 2) AS INTEGER) BETWEEN 4 AND 11 THEN strftime('%Y-%m', "createdAt", '-5 hours') ELSE strftime('%Y-%m', "createdAt", '-6 hours') END)`;

export class HallOfFame1795634197260 implements MigrationInterface {
  name = 'HallOfFame1795634197260';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "hall_of_fame_months" ("month" varchar(7) PRIMARY KEY NOT NULL, "closedAt" datetime(3) NOT NULL)`);
    await queryRunner.query(`CREATE TABLE "hall_of_fame_places" ("month" varchar(7) NOT NULL, "rank" integer NOT NULL, "carId" integer NOT NULL, "votes" integer NOT NULL, PRIMARY KEY ("month", "rank"))`);
    await queryRunner.query(`CREATE INDEX "IDX_57c99bc84534d772f3bc08c362" ON "hall_of_fame_places" ("carId") `);
    await queryRunner.query(`DROP INDEX "IDX_57c99bc84534d772f3bc08c362"`);
    await queryRunner.query(`CREATE TABLE "temporary_hall_of_fame_places" ("month" varchar(7) NOT NULL, "rank" integer NOT NULL, "carId" integer NOT NULL, "votes" integer NOT NULL, CONSTRAINT "FK_498b6639ae97463ddfd57d9e346" FOREIGN KEY ("month") REFERENCES "hall_of_fame_months" ("month") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_57c99bc84534d772f3bc08c3629" FOREIGN KEY ("carId") REFERENCES "cars" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY ("month", "rank"))`);
    await queryRunner.query(`INSERT INTO "temporary_hall_of_fame_places"("month", "rank", "carId", "votes") SELECT "month", "rank", "carId", "votes" FROM "hall_of_fame_places"`);
    await queryRunner.query(`DROP TABLE "hall_of_fame_places"`);
    await queryRunner.query(`ALTER TABLE "temporary_hall_of_fame_places" RENAME TO "hall_of_fame_places"`);
    await queryRunner.query(`CREATE INDEX "IDX_57c99bc84534d772f3bc08c362" ON "hall_of_fame_places" ("carId") `);
    await queryRunner.query(`DELETE FROM "car_monthly_votes"`);
    await queryRunner.query(
      `INSERT INTO "car_monthly_votes" (carId, month, votes) SELECT carId, ${CENTRAL_MONTH}, COUNT(*) FROM votes GROUP BY carId, ${CENTRAL_MONTH}`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_57c99bc84534d772f3bc08c362"`);
    await queryRunner.query(`ALTER TABLE "hall_of_fame_places" RENAME TO "temporary_hall_of_fame_places"`);
    await queryRunner.query(`CREATE TABLE "hall_of_fame_places" ("month" varchar(7) NOT NULL, "rank" integer NOT NULL, "carId" integer NOT NULL, "votes" integer NOT NULL, PRIMARY KEY ("month", "rank"))`);
    await queryRunner.query(`INSERT INTO "hall_of_fame_places"("month", "rank", "carId", "votes") SELECT "month", "rank", "carId", "votes" FROM "temporary_hall_of_fame_places"`);
    await queryRunner.query(`DROP TABLE "temporary_hall_of_fame_places"`);
    await queryRunner.query(`CREATE INDEX "IDX_57c99bc84534d772f3bc08c362" ON "hall_of_fame_places" ("carId") `);
    await queryRunner.query(`DROP INDEX "IDX_57c99bc84534d772f3bc08c362"`);
    await queryRunner.query(`DROP TABLE "hall_of_fame_places"`);
    await queryRunner.query(`DROP TABLE "hall_of_fame_months"`);
  }
}
