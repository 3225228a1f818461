import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The rows of car_search_prefixes for car `row` (NEW or a table): each word of its make, model and owner name split
 * as car_search's terms are (lower case, at every character that is not a letter, mark or digit), through
 * JSON_TABLE, gives its first one, two and three letters, `whole` when the word is no longer than that. A word over
 * 82 letters is left out, as InnoDB leaves it out of car_search (its token, with the 'zq' prefix, passes
 * innodb_ft_max_token_size, 84 by default), so both find the same cars. Two words of one car may begin alike ("M3",
 * "M340i"): one row, whole if either is.
 */
const words = (row: string) =>
  String.raw`JSON_TABLE(CONCAT('["', REPLACE(TRIM(REGEXP_REPLACE(LOWER(CONCAT_WS(' ', ${row}.make, ${row}.model, ${row}.ownerName)), '[^\\p{L}\\p{M}\\p{N}]+', ' ')), ' ', '","'), '"]'), '$[*]' COLUMNS (word VARCHAR(254) PATH '$')) j`;
const insert = (row: string, from: string) =>
  `INSERT INTO \`car_search_prefixes\` (\`prefix\`, \`carId\`, \`whole\`) SELECT LEFT(j.word, n.n), ${row}.id, CHAR_LENGTH(j.word) = n.n FROM ${from}${words(row)}, JSON_TABLE('[1,2,3]', '$[*]' COLUMNS (n INT PATH '$')) n WHERE CHAR_LENGTH(j.word) BETWEEN n.n AND 82 ON DUPLICATE KEY UPDATE \`whole\` = GREATEST(\`whole\`, VALUES(\`whole\`))`;

/**
 * The car search's table of short prefixes (issue 37): InnoDB's FULLTEXT index collects every match of a prefix
 * before a search can keep the newest, so a prefix of one to three letters that thousands of cars share cost
 * 0.2-0.4 s at 100,000 cars. car_search_prefixes holds each car's words' first one to three letters, (prefix, carId)
 * in primary-key order, so the newest matches of a short prefix are an index range read backwards that stops after
 * them (car-search.ts). Triggers keep it in step in the transaction of every insert and every change of make, model
 * or owner name, whoever writes, as car_search's do; the foreign key removes a car's rows with it. Back-filled from
 * the cars there already.
 */
export class CarSearchPrefixes1795901000000 implements MigrationInterface {
  name = 'CarSearchPrefixes1795901000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE `car_search_prefixes` (`prefix` varchar(3) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NOT NULL, `carId` int NOT NULL, `whole` tinyint NOT NULL, PRIMARY KEY (`prefix`, `carId`), INDEX `IDX_car_search_prefixes_car` (`carId`), CONSTRAINT `FK_car_search_prefixes_car` FOREIGN KEY (`carId`) REFERENCES `cars` (`id`) ON DELETE CASCADE) ENGINE=InnoDB',
    );
    await queryRunner.query(
      `CREATE TRIGGER \`car_search_prefixes_insert\` AFTER INSERT ON \`cars\` FOR EACH ROW ${insert('NEW', '')}`,
    );
    await queryRunner.query(
      `CREATE TRIGGER \`car_search_prefixes_update\` AFTER UPDATE ON \`cars\` FOR EACH ROW IF NOT (BINARY NEW.make <=> BINARY OLD.make AND BINARY NEW.model <=> BINARY OLD.model AND BINARY NEW.ownerName <=> BINARY OLD.ownerName) THEN DELETE FROM \`car_search_prefixes\` WHERE \`carId\` = NEW.id; ${insert('NEW', '')}; END IF`,
    );
    // The cars there already.
    await queryRunner.query(insert('c', '`cars` c, '));
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TRIGGER `car_search_prefixes_update`');
    await queryRunner.query('DROP TRIGGER `car_search_prefixes_insert`');
    await queryRunner.query('DROP TABLE `car_search_prefixes`');
  }
}
