import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ApiTokens1795621966716 implements MigrationInterface {
  name = 'ApiTokens1795621966716';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE \`api_tokens\` (\`id\` int NOT NULL AUTO_INCREMENT, \`userId\` int NOT NULL, \`name\` varchar(60) NOT NULL, \`scope\` varchar(8) NOT NULL, \`tokenHash\` varchar(64) NOT NULL, \`hint\` varchar(12) NOT NULL, \`lastUsedAt\` datetime(3) NULL, \`createdAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), INDEX \`IDX_2a2ce819bd75cc0193bfb2692b\` (\`userId\`), UNIQUE INDEX \`IDX_cdac8e064e6e9c2e0835d1c1b8\` (\`tokenHash\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
    await queryRunner.query(`ALTER TABLE \`api_tokens\` ADD CONSTRAINT \`FK_2a2ce819bd75cc0193bfb2692bd\` FOREIGN KEY (\`userId\`) REFERENCES \`users\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`api_tokens\` DROP FOREIGN KEY \`FK_2a2ce819bd75cc0193bfb2692bd\``);
    await queryRunner.query(`DROP INDEX \`IDX_cdac8e064e6e9c2e0835d1c1b8\` ON \`api_tokens\``);
    await queryRunner.query(`DROP INDEX \`IDX_2a2ce819bd75cc0193bfb2692b\` ON \`api_tokens\``);
    await queryRunner.query(`DROP TABLE \`api_tokens\``);
  }
}
