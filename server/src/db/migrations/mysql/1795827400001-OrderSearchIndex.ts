import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The words of order `o` and its customer `u` (tables or NEW) as rows `j.word`: e-mail and ship-to name, the
 * customer's e-mail, name and username, in lower case, split at every character that is not a letter, mark or digit
 * (as db/search-words.ts splits them), through JSON_TABLE. A word holds only letters, marks and digits, so it needs
 * no JSON escaping. The column's collation (utf8mb4_unicode_ci) makes comparisons case- and accent-insensitive.
 */
const words = (o: string, u: string) =>
  String.raw`JSON_TABLE(CONCAT('["', REPLACE(TRIM(REGEXP_REPLACE(LOWER(CONCAT_WS(' ', ${o}.email, ${o}.shipName, ${u}.email, ${u}.name, ${u}.username)), '[^\\p{L}\\p{M}\\p{N}]+', ' ')), ' ', '","'), '"]'), '$[*]' COLUMNS (word VARCHAR(254) PATH '$')) j`;
const insert = (o: string, u: string, from: string, where: string) =>
  `INSERT IGNORE INTO \`order_words\` (\`word\`, \`orderId\`) SELECT LEFT(j.word, 60), ${o}.id FROM ${from}, ${words(o, u)} WHERE ${where} AND j.word <> ''`;

/**
 * The admin order search's word index: order_words holds one row per word of an order and its customer (above), read
 * by prefix in word order and probed per order by (orderId, word). Triggers keep it in step in the transaction of
 * every write (an order placed or changed, a customer's e-mail, name or username changed, whoever writes); the
 * foreign key removes an order's words with it.
 */
export class OrderSearchIndex1795827400001 implements MigrationInterface {
  name = 'OrderSearchIndex1795827400001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE `order_words` (`word` varchar(60) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NOT NULL, `orderId` int NOT NULL, PRIMARY KEY (`word`, `orderId`), INDEX `IDX_order_words_order` (`orderId`, `word`), CONSTRAINT `FK_order_words_order` FOREIGN KEY (`orderId`) REFERENCES `orders` (`id`) ON DELETE CASCADE) ENGINE=InnoDB',
    );
    await queryRunner.query(
      `CREATE TRIGGER \`order_words_insert\` AFTER INSERT ON \`orders\` FOR EACH ROW ${insert('NEW', 'u', '`users` u', 'u.id = NEW.userId')}`,
    );
    await queryRunner.query(
      `CREATE TRIGGER \`order_words_update\` AFTER UPDATE ON \`orders\` FOR EACH ROW IF NOT (BINARY NEW.email <=> BINARY OLD.email AND BINARY NEW.shipName <=> BINARY OLD.shipName AND NEW.userId <=> OLD.userId) THEN DELETE FROM \`order_words\` WHERE \`orderId\` = NEW.id; ${insert('NEW', 'u', '`users` u', 'u.id = NEW.userId')}; END IF`,
    );
    await queryRunner.query(
      `CREATE TRIGGER \`order_words_customer\` AFTER UPDATE ON \`users\` FOR EACH ROW IF NOT (BINARY NEW.email <=> BINARY OLD.email AND BINARY NEW.name <=> BINARY OLD.name AND BINARY NEW.username <=> BINARY OLD.username) THEN DELETE w FROM \`order_words\` w INNER JOIN \`orders\` o ON o.id = w.orderId WHERE o.userId = NEW.id; ${insert('o', 'NEW', '`orders` o', 'o.userId = NEW.id')}; END IF`,
    );
    // The orders there already.
    await queryRunner.query(insert('o', 'u', '`orders` o INNER JOIN `users` u ON u.id = o.userId', '1 = 1'));
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TRIGGER `order_words_customer`');
    await queryRunner.query('DROP TRIGGER `order_words_update`');
    await queryRunner.query('DROP TRIGGER `order_words_insert`');
    await queryRunner.query('DROP TABLE `order_words`');
  }
}
