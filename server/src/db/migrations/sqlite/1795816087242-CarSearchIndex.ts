import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The car search's full-text index: an FTS5 table over make, model and owner name whose content is the cars table
 * itself (external content, rowid = car id), kept in step by triggers, so every write to cars (the service's, a seed's,
 * a bulk insert's) updates it in the same transaction. unicode61 folds case and accents; the prefix indexes of one
 * and two characters keep the first letters a visitor types cheap.
 *
 * SQLite drops a table's triggers with the table: a later migration that rebuilds `cars` (TypeORM does so for most
 * column changes on SQLite) must create these three triggers again and end with the 'rebuild' below.
 */
export class CarSearchIndex1795816087242 implements MigrationInterface {
  name = 'CarSearchIndex1795816087242';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE VIRTUAL TABLE "car_search" USING fts5("make", "model", "ownerName", content='cars', content_rowid='id', tokenize='unicode61 remove_diacritics 2', prefix='1 2')`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "car_search_insert" AFTER INSERT ON "cars" BEGIN INSERT INTO "car_search" ("rowid", "make", "model", "ownerName") VALUES (new."id", new."make", new."model", new."ownerName"); END`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "car_search_update" AFTER UPDATE OF "make", "model", "ownerName" ON "cars" BEGIN INSERT INTO "car_search" ("car_search", "rowid", "make", "model", "ownerName") VALUES ('delete', old."id", old."make", old."model", old."ownerName"); INSERT INTO "car_search" ("rowid", "make", "model", "ownerName") VALUES (new."id", new."make", new."model", new."ownerName"); END`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "car_search_delete" AFTER DELETE ON "cars" BEGIN INSERT INTO "car_search" ("car_search", "rowid", "make", "model", "ownerName") VALUES ('delete', old."id", old."make", old."model", old."ownerName"); END`,
    );
    // The cars there already.
    await queryRunner.query(`INSERT INTO "car_search" ("car_search") VALUES ('rebuild')`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "car_search_delete"`);
    await queryRunner.query(`DROP TRIGGER "car_search_update"`);
    await queryRunner.query(`DROP TRIGGER "car_search_insert"`);
    await queryRunner.query(`DROP TABLE "car_search"`);
  }
}
