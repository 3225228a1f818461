import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The orders per status (order_status_totals), so the admin's order list gives the exact number of orders of a status
 * (or of all) without counting them: triggers keep it in the transaction of every order placed, moved to another
 * status or deleted, whoever writes (no foreign key removes orders, so no cascade passes them by). Back-filled from
 * the orders there already.
 */
export class OrderStatusTotals1795900400000 implements MigrationInterface {
  name = 'OrderStatusTotals1795900400000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE `order_status_totals` (`status` varchar(16) NOT NULL, `orders` int NOT NULL DEFAULT 0, PRIMARY KEY (`status`)) ENGINE=InnoDB',
    );
    const add = (row: string) =>
      `INSERT INTO \`order_status_totals\` (\`status\`, \`orders\`) VALUES (${row}.\`status\`, 1) ON DUPLICATE KEY UPDATE \`orders\` = \`orders\` + 1`;
    const remove = (row: string) =>
      `UPDATE \`order_status_totals\` SET \`orders\` = \`orders\` - 1 WHERE \`status\` = ${row}.\`status\``;
    await queryRunner.query(
      `CREATE TRIGGER \`order_status_totals_insert\` AFTER INSERT ON \`orders\` FOR EACH ROW ${add('NEW')}`,
    );
    await queryRunner.query(
      `CREATE TRIGGER \`order_status_totals_update\` AFTER UPDATE ON \`orders\` FOR EACH ROW BEGIN IF NOT (OLD.\`status\` <=> NEW.\`status\`) THEN ${remove('OLD')}; ${add('NEW')}; END IF; END`,
    );
    await queryRunner.query(
      `CREATE TRIGGER \`order_status_totals_delete\` AFTER DELETE ON \`orders\` FOR EACH ROW ${remove('OLD')}`,
    );
    await queryRunner.query(
      'INSERT INTO `order_status_totals` (`status`, `orders`) SELECT `status`, COUNT(*) FROM `orders` GROUP BY `status`',
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TRIGGER `order_status_totals_delete`');
    await queryRunner.query('DROP TRIGGER `order_status_totals_update`');
    await queryRunner.query('DROP TRIGGER `order_status_totals_insert`');
    await queryRunner.query('DROP TABLE `order_status_totals`');
  }
}
