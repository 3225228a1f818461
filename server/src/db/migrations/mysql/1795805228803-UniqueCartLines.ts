import type { MigrationInterface, QueryRunner } from 'typeorm';

// One cart line per (user, product, photo): a NOT NULL imageKey (the image id, 0 for merchandise) and a unique index
// over (userId, productId, imageKey), which also serves the userId foreign key, so the old userId index goes after
// it exists. Existing duplicates are merged first into the oldest line, quantities summed up to the per-line cap
// (LIMITS.cartQuantityMax, 99 when this was written). Print lines whose photo was deleted (imageId NULL) get key 0
// and merge per product too: checkout refuses them until the shopper removes them anyway.
export class UniqueCartLines1795805228803 implements MigrationInterface {
  name = 'UniqueCartLines1795805228803';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`cart_items\` ADD \`imageKey\` int NOT NULL`);
    await queryRunner.query(`UPDATE \`cart_items\` SET \`imageKey\` = COALESCE(\`imageId\`, 0)`);
    await queryRunner.query(`UPDATE \`cart_items\` \`c\` INNER JOIN (SELECT MIN(\`id\`) AS \`id\`, LEAST(99, SUM(\`quantity\`)) AS \`quantity\` FROM \`cart_items\` GROUP BY \`userId\`, \`productId\`, \`imageKey\` HAVING COUNT(*) > 1) \`m\` ON \`m\`.\`id\` = \`c\`.\`id\` SET \`c\`.\`quantity\` = \`m\`.\`quantity\``);
    await queryRunner.query(`DELETE \`c\` FROM \`cart_items\` \`c\` INNER JOIN (SELECT \`userId\`, \`productId\`, \`imageKey\`, MIN(\`id\`) AS \`keep\` FROM \`cart_items\` GROUP BY \`userId\`, \`productId\`, \`imageKey\`) \`k\` ON \`k\`.\`userId\` = \`c\`.\`userId\` AND \`k\`.\`productId\` = \`c\`.\`productId\` AND \`k\`.\`imageKey\` = \`c\`.\`imageKey\` AND \`c\`.\`id\` <> \`k\`.\`keep\``);
    await queryRunner.query(`CREATE UNIQUE INDEX \`IDX_5e80f259b557ab0f3f4f1d3cc0\` ON \`cart_items\` (\`userId\`, \`productId\`, \`imageKey\`)`);
    await queryRunner.query(`DROP INDEX \`IDX_84e765378a5f03ad9900df3a9b\` ON \`cart_items\``);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX \`IDX_84e765378a5f03ad9900df3a9b\` ON \`cart_items\` (\`userId\`)`);
    await queryRunner.query(`DROP INDEX \`IDX_5e80f259b557ab0f3f4f1d3cc0\` ON \`cart_items\``);
    await queryRunner.query(`ALTER TABLE \`cart_items\` DROP COLUMN \`imageKey\``);
  }
}
