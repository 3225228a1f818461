import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AccessHardening1795459218198 implements MigrationInterface {
  name = 'AccessHardening1795459218198';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE \`password_reset_requests\` (\`id\` int NOT NULL AUTO_INCREMENT, \`ipHash\` varchar(64) NOT NULL, \`createdAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), INDEX \`IDX_fcc82823f9fb0d7be1175b8b21\` (\`ipHash\`, \`createdAt\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
    await queryRunner.query(`CREATE TABLE \`revoked_sessions\` (\`sessionId\` varchar(32) NOT NULL, \`expiresAt\` datetime(3) NOT NULL, INDEX \`IDX_bf07e39d66b26a92c5951a8939\` (\`expiresAt\`), PRIMARY KEY (\`sessionId\`)) ENGINE=InnoDB`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX \`IDX_bf07e39d66b26a92c5951a8939\` ON \`revoked_sessions\``);
    await queryRunner.query(`DROP TABLE \`revoked_sessions\``);
    await queryRunner.query(`DROP INDEX \`IDX_fcc82823f9fb0d7be1175b8b21\` ON \`password_reset_requests\``);
    await queryRunner.query(`DROP TABLE \`password_reset_requests\``);
  }
}
