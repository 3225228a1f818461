import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The words of a car as its search index holds them, from the row `row` (NEW or the table): make, model and owner
 * name in lower case, split at every character that is not a letter, mark or digit, each word prefixed with 'zq'.
 * The prefix makes every word at least three characters long: InnoDB leaves words shorter than
 * innodb_ft_min_token_size (3 by default, a server setting that needs a restart) out of a FULLTEXT index, which would
 * lose "M3", "GT" and "7", and no word is a stopword ("the", "a", "de") any more. No backreference in the replacement
 * ('\\1' on MariaDB, '$1' on MySQL 8), so the expression means the same on both. (A word over 82 characters passes
 * innodb_ft_max_token_size and is not indexed; no make or model is that long.)
 */
const terms = (row: string) =>
  String.raw`CONCAT('zq', REPLACE(TRIM(REGEXP_REPLACE(LOWER(CONCAT_WS(' ', ${row}.make, ${row}.model, ${row}.ownerName)), '[^\\p{L}\\p{M}\\p{N}]+', ' ')), ' ', ' zq'))`;

/**
 * The car search's full-text index: car_search holds each car's words (above) under an InnoDB FULLTEXT index with
 * the built-in parser. Triggers on cars write them in the same transaction as every insert and every change of make,
 * model or owner name (whoever writes: the service, a seed, a bulk insert); the foreign key removes them with the
 * car. InnoDB keeps the FULLTEXT index itself.
 */
export class CarSearchIndex1795816087243 implements MigrationInterface {
  name = 'CarSearchIndex1795816087243';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE `car_search` (`carId` int NOT NULL, `terms` text CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NOT NULL, PRIMARY KEY (`carId`), FULLTEXT INDEX `FT_car_search_terms` (`terms`), CONSTRAINT `FK_car_search_car` FOREIGN KEY (`carId`) REFERENCES `cars` (`id`) ON DELETE CASCADE) ENGINE=InnoDB',
    );
    await queryRunner.query(
      `CREATE TRIGGER \`car_search_insert\` AFTER INSERT ON \`cars\` FOR EACH ROW INSERT INTO \`car_search\` (\`carId\`, \`terms\`) VALUES (NEW.id, ${terms('NEW')})`,
    );
    await queryRunner.query(
      `CREATE TRIGGER \`car_search_update\` AFTER UPDATE ON \`cars\` FOR EACH ROW IF NOT (BINARY NEW.make <=> BINARY OLD.make AND BINARY NEW.model <=> BINARY OLD.model AND BINARY NEW.ownerName <=> BINARY OLD.ownerName) THEN INSERT INTO \`car_search\` (\`carId\`, \`terms\`) VALUES (NEW.id, ${terms('NEW')}) ON DUPLICATE KEY UPDATE \`terms\` = VALUES(\`terms\`); END IF`,
    );
    // The cars there already.
    await queryRunner.query(`INSERT INTO \`car_search\` (\`carId\`, \`terms\`) SELECT id, ${terms('cars')} FROM \`cars\``);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TRIGGER `car_search_update`');
    await queryRunner.query('DROP TRIGGER `car_search_insert`');
    await queryRunner.query('DROP TABLE `car_search`');
  }
}
