import type { MigrationInterface, QueryRunner } from 'typeorm';

export class KeysetPaging1795819536941 implements MigrationInterface {
  name = 'KeysetPaging1795819536941';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX \`IDX_46f0c1a01e22ff55cc5e6dbfde\` ON \`cars\` (\`published\`, \`category\`, \`createdAt\`)`);
    await queryRunner.query(`CREATE INDEX \`IDX_fe7856ff39121c1498d603919f\` ON \`cars\` (\`published\`, \`featured\`, \`createdAt\`)`);
    await queryRunner.query(`CREATE INDEX \`IDX_fb21c0b8eba4e62dd2b43f567d\` ON \`cars\` (\`published\`, \`createdAt\`)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX \`IDX_fb21c0b8eba4e62dd2b43f567d\` ON \`cars\``);
    await queryRunner.query(`DROP INDEX \`IDX_fe7856ff39121c1498d603919f\` ON \`cars\``);
    await queryRunner.query(`DROP INDEX \`IDX_46f0c1a01e22ff55cc5e6dbfde\` ON \`cars\``);
  }
}
