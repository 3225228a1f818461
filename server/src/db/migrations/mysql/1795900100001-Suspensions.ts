import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Suspensions1795900100001 implements MigrationInterface {
  name = 'Suspensions1795900100001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE \`suspension_records\` (\`id\` int NOT NULL AUTO_INCREMENT, \`userId\` int NOT NULL, \`action\` varchar(16) NOT NULL, \`note\` text NULL, \`byAdminId\` int NOT NULL, \`createdAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), INDEX \`IDX_c6b3e1fb11d0fd23d98ebe0e38\` (\`userId\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
    await queryRunner.query(`ALTER TABLE \`users\` ADD \`suspendedAt\` datetime(3) NULL`);
    await queryRunner.query(`CREATE INDEX \`IDX_d098e1edfec35e39ad0f071e47\` ON \`users\` (\`suspendedAt\`)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX \`IDX_d098e1edfec35e39ad0f071e47\` ON \`users\``);
    await queryRunner.query(`ALTER TABLE \`users\` DROP COLUMN \`suspendedAt\``);
    await queryRunner.query(`DROP INDEX \`IDX_c6b3e1fb11d0fd23d98ebe0e38\` ON \`suspension_records\``);
    await queryRunner.query(`DROP TABLE \`suspension_records\``);
  }
}
