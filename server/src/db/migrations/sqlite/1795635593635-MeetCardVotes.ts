import type { MigrationInterface, QueryRunner } from 'typeorm';

export class MeetCardVotes1795635593635 implements MigrationInterface {
  name = 'MeetCardVotes1795635593635';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "card_votes" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "carId" integer NOT NULL, "eventId" integer, "createdAt" datetime(3) NOT NULL)`);
    await queryRunner.query(`CREATE INDEX "IDX_f2fbc151b9b66763316d4f2eea" ON "card_votes" ("eventId") `);
    await queryRunner.query(`DROP INDEX "IDX_f2fbc151b9b66763316d4f2eea"`);
    await queryRunner.query(`CREATE TABLE "temporary_card_votes" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "carId" integer NOT NULL, "eventId" integer, "createdAt" datetime(3) NOT NULL, CONSTRAINT "FK_c81938ea38eb5b742a66fa4fad0" FOREIGN KEY ("carId") REFERENCES "cars" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`);
    await queryRunner.query(`INSERT INTO "temporary_card_votes"("id", "carId", "eventId", "createdAt") SELECT "id", "carId", "eventId", "createdAt" FROM "card_votes"`);
    await queryRunner.query(`DROP TABLE "card_votes"`);
    await queryRunner.query(`ALTER TABLE "temporary_card_votes" RENAME TO "card_votes"`);
    await queryRunner.query(`CREATE INDEX "IDX_f2fbc151b9b66763316d4f2eea" ON "card_votes" ("eventId") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_f2fbc151b9b66763316d4f2eea"`);
    await queryRunner.query(`ALTER TABLE "card_votes" RENAME TO "temporary_card_votes"`);
    await queryRunner.query(`CREATE TABLE "card_votes" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "carId" integer NOT NULL, "eventId" integer, "createdAt" datetime(3) NOT NULL)`);
    await queryRunner.query(`INSERT INTO "card_votes"("id", "carId", "eventId", "createdAt") SELECT "id", "carId", "eventId", "createdAt" FROM "temporary_card_votes"`);
    await queryRunner.query(`DROP TABLE "temporary_card_votes"`);
    await queryRunner.query(`CREATE INDEX "IDX_f2fbc151b9b66763316d4f2eea" ON "card_votes" ("eventId") `);
    await queryRunner.query(`DROP INDEX "IDX_f2fbc151b9b66763316d4f2eea"`);
    await queryRunner.query(`DROP TABLE "card_votes"`);
  }
}
