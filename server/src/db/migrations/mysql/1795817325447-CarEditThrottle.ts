import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CarEditThrottle1795817325447 implements MigrationInterface {
  name = 'CarEditThrottle1795817325447';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE \`car_edits\` (\`id\` int NOT NULL AUTO_INCREMENT, \`userId\` int NOT NULL, \`createdAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), INDEX \`IDX_3262c32e92d9640d1220d0a14a\` (\`userId\`, \`createdAt\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX \`IDX_3262c32e92d9640d1220d0a14a\` ON \`car_edits\``);
    await queryRunner.query(`DROP TABLE \`car_edits\``);
  }
}
