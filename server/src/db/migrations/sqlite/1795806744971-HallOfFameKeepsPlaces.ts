import type { MigrationInterface, QueryRunner } from 'typeorm';

export class HallOfFameKeepsPlaces1795806744971 implements MigrationInterface {
  name = 'HallOfFameKeepsPlaces1795806744971';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // One rebuild to the final shape (carId nullable, ON DELETE SET NULL; name and ownerName), filling the names of
    // the places of months already closed from their cars, which still exist (the old foreign key cascaded).
    await queryRunner.query(`DROP INDEX "IDX_57c99bc84534d772f3bc08c362"`);
    await queryRunner.query(`CREATE TABLE "temporary_hall_of_fame_places" ("month" varchar(7) NOT NULL, "rank" integer NOT NULL, "carId" integer, "votes" integer NOT NULL, "name" varchar(200) NOT NULL, "ownerName" varchar(100) NOT NULL, CONSTRAINT "FK_498b6639ae97463ddfd57d9e346" FOREIGN KEY ("month") REFERENCES "hall_of_fame_months" ("month") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_57c99bc84534d772f3bc08c3629" FOREIGN KEY ("carId") REFERENCES "cars" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, PRIMARY KEY ("month", "rank"))`);
    await queryRunner.query(`INSERT INTO "temporary_hall_of_fame_places"("month", "rank", "carId", "votes", "name", "ownerName") SELECT p."month", p."rank", p."carId", p."votes", COALESCE(c."year" || ' ' || c."make" || ' ' || c."model", ''), COALESCE(c."ownerName", '') FROM "hall_of_fame_places" p LEFT JOIN "cars" c ON c."id" = p."carId"`);
    await queryRunner.query(`DROP TABLE "hall_of_fame_places"`);
    await queryRunner.query(`ALTER TABLE "temporary_hall_of_fame_places" RENAME TO "hall_of_fame_places"`);
    await queryRunner.query(`CREATE INDEX "IDX_57c99bc84534d772f3bc08c362" ON "hall_of_fame_places" ("carId") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_57c99bc84534d772f3bc08c362"`);
    await queryRunner.query(`ALTER TABLE "hall_of_fame_places" RENAME TO "temporary_hall_of_fame_places"`);
    await queryRunner.query(`CREATE TABLE "hall_of_fame_places" ("month" varchar(7) NOT NULL, "rank" integer NOT NULL, "carId" integer, "votes" integer NOT NULL, "name" varchar(200) NOT NULL, "ownerName" varchar(100) NOT NULL, CONSTRAINT "FK_498b6639ae97463ddfd57d9e346" FOREIGN KEY ("month") REFERENCES "hall_of_fame_months" ("month") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY ("month", "rank"))`);
    await queryRunner.query(`INSERT INTO "hall_of_fame_places"("month", "rank", "carId", "votes", "name", "ownerName") SELECT "month", "rank", "carId", "votes", "name", "ownerName" FROM "temporary_hall_of_fame_places"`);
    await queryRunner.query(`DROP TABLE "temporary_hall_of_fame_places"`);
    await queryRunner.query(`CREATE INDEX "IDX_57c99bc84534d772f3bc08c362" ON "hall_of_fame_places" ("carId") `);
    await queryRunner.query(`DROP INDEX "IDX_57c99bc84534d772f3bc08c362"`);
    await queryRunner.query(`ALTER TABLE "hall_of_fame_places" RENAME TO "temporary_hall_of_fame_places"`);
    await queryRunner.query(`CREATE TABLE "hall_of_fame_places" ("month" varchar(7) NOT NULL, "rank" integer NOT NULL, "carId" integer NOT NULL, "votes" integer NOT NULL, "name" varchar(200) NOT NULL, "ownerName" varchar(100) NOT NULL, CONSTRAINT "FK_498b6639ae97463ddfd57d9e346" FOREIGN KEY ("month") REFERENCES "hall_of_fame_months" ("month") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY ("month", "rank"))`);
    await queryRunner.query(`INSERT INTO "hall_of_fame_places"("month", "rank", "carId", "votes", "name", "ownerName") SELECT "month", "rank", "carId", "votes", "name", "ownerName" FROM "temporary_hall_of_fame_places"`);
    await queryRunner.query(`DROP TABLE "temporary_hall_of_fame_places"`);
    await queryRunner.query(`CREATE INDEX "IDX_57c99bc84534d772f3bc08c362" ON "hall_of_fame_places" ("carId") `);
    await queryRunner.query(`DROP INDEX "IDX_57c99bc84534d772f3bc08c362"`);
    await queryRunner.query(`ALTER TABLE "hall_of_fame_places" RENAME TO "temporary_hall_of_fame_places"`);
    await queryRunner.query(`CREATE TABLE "hall_of_fame_places" ("month" varchar(7) NOT NULL, "rank" integer NOT NULL, "carId" integer NOT NULL, "votes" integer NOT NULL, CONSTRAINT "FK_498b6639ae97463ddfd57d9e346" FOREIGN KEY ("month") REFERENCES "hall_of_fame_months" ("month") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY ("month", "rank"))`);
    await queryRunner.query(`INSERT INTO "hall_of_fame_places"("month", "rank", "carId", "votes") SELECT "month", "rank", "carId", "votes" FROM "temporary_hall_of_fame_places"`);
    await queryRunner.query(`DROP TABLE "temporary_hall_of_fame_places"`);
    await queryRunner.query(`CREATE INDEX "IDX_57c99bc84534d772f3bc08c362" ON "hall_of_fame_places" ("carId") `);
    await queryRunner.query(`DROP INDEX "IDX_57c99bc84534d772f3bc08c362"`);
    await queryRunner.query(`ALTER TABLE "hall_of_fame_places" RENAME TO "temporary_hall_of_fame_places"`);
    await queryRunner.query(`CREATE TABLE "hall_of_fame_places" ("month" varchar(7) NOT NULL, "rank" integer NOT NULL, "carId" integer NOT NULL, "votes" integer NOT NULL, CONSTRAINT "FK_57c99bc84534d772f3bc08c3629" FOREIGN KEY ("carId") REFERENCES "cars" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_498b6639ae97463ddfd57d9e346" FOREIGN KEY ("month") REFERENCES "hall_of_fame_months" ("month") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY ("month", "rank"))`);
    await queryRunner.query(`INSERT INTO "hall_of_fame_places"("month", "rank", "carId", "votes") SELECT "month", "rank", "carId", "votes" FROM "temporary_hall_of_fame_places"`);
    await queryRunner.query(`DROP TABLE "temporary_hall_of_fame_places"`);
    await queryRunner.query(`CREATE INDEX "IDX_57c99bc84534d772f3bc08c362" ON "hall_of_fame_places" ("carId") `);
  }
}
