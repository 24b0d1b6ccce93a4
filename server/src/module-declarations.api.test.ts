/**
 * Every module's plugin declares each app decoration it reads (fastify-plugin `decorators`) and the plugins that
 * make them (`dependencies`): each plugin is registered alone in a bare Fastify that holds only what it declares
 * (the real values, taken from a full app) while every other decoration of the app is a getter that throws. A
 * plugin reading `app.x` without declaring it fails to boot here, naming the decoration.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '#tests/helpers/test-app';
import { appModules } from './app';
import type { AppModule } from './lib/app-module';

interface PluginMeta {
  name?: string;
  dependencies?: string[];
  decorators?: { fastify?: string[]; request?: string[] };
}

const metaOf = (plugin: NonNullable<AppModule['plugin']>) =>
  (plugin as unknown as Record<symbol, PluginMeta | undefined>)[Symbol.for('plugin-meta')] ?? {};

/** The decorations the full app has that a bare Fastify does not. */
function appDecorations(app: FastifyInstance): string[] {
  const bare = new Set(Object.keys(Fastify()));
  return Object.keys(app).filter((key) => !bare.has(key));
}

/** A bare Fastify with the declared decorations (real values), and the declared plugins as empty stand-ins. */
function bareApp(full: FastifyInstance, meta: PluginMeta, undeclared: readonly string[]): FastifyInstance {
  const app = Fastify({ logger: false });
  for (const name of meta.dependencies ?? []) app.register(fp(async () => {}, { name }));
  const declared = meta.decorators?.fastify ?? [];
  for (const name of declared) app.decorate(name, decorationOf(full, name));
  for (const name of meta.decorators?.request ?? []) app.decorateRequest(name, null);
  for (const name of undeclared.filter((name) => !declared.includes(name))) {
    app.decorate(name, {
      getter() {
        throw new Error(`uses app.${name} without declaring it in its plugin's decorators`);
      },
    });
  }
  return app;
}

/** The full app's decoration; the metrics with a registry of their own (a metric is registered once per registry). */
function decorationOf(full: FastifyInstance, name: string): unknown {
  if (name === 'metrics') return { ...full.metrics, registry: new Registry() };
  return (full as unknown as Record<string, unknown>)[name];
}

/** Boots the module's plugin alone; returns the decorations it added. */
async function bootAlone(full: FastifyInstance, module: AppModule, undeclared: readonly string[]): Promise<string[]> {
  const app = bareApp(full, metaOf(module.plugin!), undeclared);
  const before = new Set(Object.keys(app));
  try {
    await app.register(module.plugin!);
    await app.ready();
    return Object.keys(app).filter((key) => !before.has(key));
  } finally {
    await app.close();
  }
}

describe('module plugins declare what they use', () => {
  const t = useTestApp();

  it('names each plugin after its module', () => {
    for (const module of appModules({})) if (module.plugin) expect(metaOf(module.plugin).name).toBe(module.name);
  });

  it('boots each module plugin alone with only its declared decorations', async () => {
    const full = t.current.app;
    const all = appDecorations(full);
    const failures: string[] = [];
    for (const module of appModules({})) {
      if (!module.plugin) continue;
      try {
        // First with nothing else present, to learn what the plugin decorates itself; then with every other
        // decoration of the app present but throwing when read.
        const own = await bootAlone(full, module, []);
        await bootAlone(
          full,
          module,
          all.filter((name) => !own.includes(name)),
        );
      } catch (error) {
        failures.push(`${module.name}: ${(error as Error).message}`);
      }
    }
    expect(failures).toEqual([]);
  }, 60_000);
});
