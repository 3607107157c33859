/**
 * The deploy files: each parses, every service has a health check, and every variable
 * given to geolens is one that src/config.ts reads, so a typo cannot pass for configuration.
 */
import { describe, expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { environmentSchema } from '../../src/config.js';

interface Service {
  image?: string;
  build?: unknown;
  command?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test?: string[] };
  depends_on?: Record<string, { condition?: string }>;
}

const DEPLOY = join(import.meta.dirname, '..', '..', 'deploy');
const read = (file: string): Record<string, Service> => (parse(readFileSync(join(DEPLOY, file), 'utf8'), { merge: true }) as { services: Record<string, Service> }).services;
const CONFIG_VARIABLES = Object.keys(environmentSchema.shape);
const isGeolens = (service: Service) => service.image === 'geolens:latest';
const withCommand = (services: Record<string, Service>, command: string) =>
  Object.values(services).filter((service) => isGeolens(service) && service.command?.join(' ') === command);

describe.each([
  ['compose.yml', ['EVENTSTORE_URL', 'MONGODB_URL'], ['DATABASE_URL']],
  ['compose.postgres.yml', ['DATABASE_URL'], ['EVENTSTORE_URL', 'MONGODB_URL']],
])('deploy/%s', (file, selecting, absent) => {
  const services = read(file);
  const geolens = Object.entries(services).filter(([, service]) => isGeolens(service));

  test('runs two serve processes and one audit worker, all of the image built from this repository', () => {
    expect(withCommand(services, 'serve')).toHaveLength(2);
    expect(withCommand(services, 'worker audits')).toHaveLength(1);
    expect(geolens.every(([, service]) => service.build !== undefined)).toBe(true);
  });

  test('gives geolens only variables that src/config.ts reads', () => {
    const unknown = geolens.flatMap(([name, service]) => Object.keys(service.environment ?? {}).filter((variable) => !CONFIG_VARIABLES.includes(variable)).map((variable) => `${name}: ${variable}`));
    expect(unknown).toEqual([]);
  });

  test(`selects its stores with ${selecting.join(' and ')}, never with ${absent.join(' or ')}`, () => {
    for (const [, service] of geolens) {
      const variables = Object.keys(service.environment ?? {});
      expect(variables).toEqual(expect.arrayContaining([...selecting, 'HOST', 'BASE_URL']));
      for (const variable of absent) expect(variables).not.toContain(variable);
    }
  });

  test('has a health check on every service, and starts geolens once its stores are healthy', () => {
    const unchecked = Object.entries(services).filter(([, service]) => (service.healthcheck?.test?.length ?? 0) < 2).map(([name]) => name);
    expect(unchecked).toEqual([]);
    for (const [, service] of geolens) {
      const conditions = Object.values(service.depends_on ?? {}).map(({ condition }) => condition);
      expect(conditions.length).toBeGreaterThan(0);
      expect(conditions.every((condition) => condition === 'service_healthy')).toBe(true);
    }
  });
});

test('deploy/compose.yml runs MongoDB as a replica set, which transactions need', () => {
  const services = read('compose.yml');
  expect(services.mongodb?.command).toEqual(expect.arrayContaining(['--replSet', 'rs0']));
  expect(services['serve-1']?.environment?.MONGODB_URL).toMatch(/replicaSet=rs0/);
});
