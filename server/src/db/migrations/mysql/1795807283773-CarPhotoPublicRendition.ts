import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CarPhotoPublicRendition1795807283773 implements MigrationInterface {
  name = 'CarPhotoPublicRendition1795807283773';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX \`IDX_844da54e129b3e72d2139ae3f4\` ON \`car_images\` (\`storageKey\`)`);
    // A car photo's public URL becomes its largest rendition (the original is kept for prints, not served), here and
    // on the order lines that copied it.
    await queryRunner.query(`UPDATE \`car_images\` SET \`url\` = JSON_UNQUOTE(JSON_EXTRACT(\`variants\`, '$.w1600')) WHERE JSON_EXTRACT(\`variants\`, '$.w1600') IS NOT NULL`);
    await queryRunner.query(`UPDATE \`order_items\` oi JOIN \`car_images\` ci ON ci.\`id\` = oi.\`imageId\` SET oi.\`imageUrl\` = ci.\`url\``);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX \`IDX_844da54e129b3e72d2139ae3f4\` ON \`car_images\``);
  }
}
