import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { themeBootScript } from '@innerview/ui/theme-boot-script';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import {
  type Compiler,
  type Configuration,
  CopyRspackPlugin,
  DefinePlugin,
  HtmlRspackPlugin,
  type RspackPluginInstance,
} from '@rspack/core';
import { federationShared, sharedVersions } from './federation-shared.ts';
import type { SharedVersions } from './host-shared.ts';

const THEME_BOOT_FILE = 'theme-boot.js';

/**
 * Writes the UI kit's theme boot script as a file that index.html loads in <head>, so the first
 * paint already has the right theme. A file rather than an inline script: the gateway's
 * Content-Security-Policy allows scripts from 'self' only.
 */
class ThemeBootPlugin {
  apply(compiler: Compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('ThemeBootPlugin', (compilation) => {
      compilation.hooks.processAssets.tap('ThemeBootPlugin', () => {
        compilation.emitAsset(THEME_BOOT_FILE, new RawSource(themeBootScript));
      });
    });
  }
}

/** What differs between the shell and the two remotes; everything else is built the same way. */
export type FrontendOptions = {
  /** Absolute folder of the app (the one holding package.json, src/, public/, locales/). */
  appDir: string;
  /** Module Federation container name: `shell`, `chat`, `account`. */
  name: string;
  /**
   * `host` (the shell): bundled as a plain app whose federation runtime starts when it first loads
   * a remote (federation-host.ts). `remote`: built with the federation plugin, exposing `exposes`.
   */
  role: 'host' | 'remote';
  /** Modules a remote exposes (`./ChatApp` → `./src/…`). */
  exposes?: Record<string, string>;
  /** Page title of the app's own index.html (the shell's, or a remote's standalone page). */
  title: string;
  /**
   * Where the app's files are served from. The shell lives at `/` (deep links need absolute chunk
   * URLs); a remote uses `auto`, so its chunks load from wherever its manifest was served
   * (`/remotes/chat/` behind the gateway, `http://localhost:3001/` alone in development).
   */
  publicPath: '/' | 'auto';
  /**
   * Development server (`npm run dev -w frontends/<app>`); `runtimeConfig` is answered at
   * /config.json (the shell's, which the gateway answers in production).
   */
  dev: { port: number; runtimeConfig?: () => unknown };
  /** Extra folders served by the development server only (for example the shell's `common` texts). */
  devStatic?: Array<{ directory: string; publicPath: string }>;
};

function reactRouterBuild(appDir: string, production: boolean): string {
  const require = createRequire(join(appDir, 'package.json'));
  const entry = require.resolve('react-router');
  return join(
    entry.slice(0, entry.lastIndexOf('/dist/')),
    `dist/${production ? 'production' : 'development'}/index.mjs`,
  );
}

/**
 * The shell's side of Module Federation. It does not use the federation build plugin: that plugin
 * would route every import of a shared library through the federation runtime (32 KB gzip in the
 * first script) and keep each shared library whole, although /login shows no remote. Instead the
 * shell bundles its libraries like any app (tree-shaken, no runtime), and `@module-federation/enhanced/runtime`
 * (which only the remote loader imports) resolves to federation-host.ts, which starts the runtime
 * with the shell's own modules as the shared singletons when the first remote loads.
 */
function hostFederation(appDir: string, production: boolean) {
  const alias = {
    '@module-federation/enhanced/runtime$': join(import.meta.dirname, 'federation-host.ts'),
    // The shell's screens and the shared subset must be one react-router module instance.
    'react-router$': reactRouterBuild(appDir, production),
  };
  const versions: SharedVersions = sharedVersions(appDir);
  const plugins: RspackPluginInstance[] = [
    new DefinePlugin({
      INNERVIEW_SHARED_VERSIONS: JSON.stringify(versions),
      // Browser-only runtime: leaves out the federation runtime's Node code paths.
      ENV_TARGET: JSON.stringify('web'),
    }),
  ];
  return { alias, plugins };
}

function remoteFederation(options: FrontendOptions): RspackPluginInstance {
  return new ModuleFederationPlugin({
    name: options.name,
    filename: 'remoteEntry.js',
    exposes: options.exposes ?? {},
    // A remote loads no other remote.
    remotes: {},
    shared: federationShared(options.appDir),
    manifest: { fileName: 'mf-manifest.json' },
    // Remote types reach the shell through type-only imports of the remotes' sources
    // (frontends/shell/src/remotes/remote-modules.ts); the DTS plugin would need a running
    // type server and network-free zip round trips we don't want in the build.
    dts: false,
    // Browser-only runtime: leaves out the federation runtime's Node code paths.
    experiments: { optimization: { target: 'web' } },
  });
}

export function frontendConfig(options: FrontendOptions, production: boolean): Configuration {
  const { appDir, name } = options;
  const host = options.role === 'host' ? hostFederation(appDir, production) : undefined;
  return {
    context: appDir,
    mode: production ? 'production' : 'development',
    devtool: production ? 'source-map' : 'cheap-module-source-map',
    entry: { main: './src/index.ts' },
    output: {
      path: join(appDir, 'dist'),
      publicPath: options.publicPath,
      uniqueName: name,
      filename: production ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      cssFilename: production ? '[name].[contenthash:8].css' : '[name].css',
      cssChunkFilename: production ? '[name].[contenthash:8].css' : '[name].css',
      clean: true,
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.jsx', '.json'],
      // The shared react-router subset (react-router-client.mjs) imports react-router's own build
      // under this name, so it does not consume itself through the share. Its package exports only
      // the development build; production takes the production one, as its Vite plugin does.
      alias: { 'react-router-entry$': reactRouterBuild(appDir, production), ...host?.alias },
    },
    module: {
      rules: [
        {
          test: /\.[cm]?tsx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: !production } },
            },
            env: { targets: 'chrome >= 111, edge >= 111, firefox >= 114, safari >= 16.4' },
          },
          type: 'javascript/auto',
        },
        { test: /\.css$/, type: 'css/auto' },
      ],
    },
    plugins: [
      ...(host ? host.plugins : [remoteFederation(options)]),
      new HtmlRspackPlugin({
        // One page template for the shell and the remotes' standalone pages.
        template: join(import.meta.dirname, 'index.ejs'),
        templateParameters: {
          title: options.title,
          themeBootSrc: options.publicPath === '/' ? `/${THEME_BOOT_FILE}` : THEME_BOOT_FILE,
          // The shell is the installable app (manifest, icons, service worker); a remote's
          // standalone page is a development aid only.
          installable: options.role === 'host' ? 'yes' : '',
        },
        minify: production,
      }),
      new ThemeBootPlugin(),
      new CopyRspackPlugin({
        patterns: [
          { from: 'locales', to: 'locales' },
          { from: 'public', noErrorOnMissing: true },
        ],
      }),
    ],
    optimization: { splitChunks: production ? { chunks: 'async' } : false },
    performance: false,
    devServer: {
      port: options.dev.port,
      host: '127.0.0.1',
      historyApiFallback: true,
      hot: false,
      // Remotes are fetched cross-origin by the shell's dev server page.
      headers: { 'Access-Control-Allow-Origin': '*' },
      static: [
        ...(existsSync(join(appDir, 'public'))
          ? [{ directory: join(appDir, 'public'), publicPath: '/' }]
          : []),
        ...(options.devStatic ?? []),
      ],
      setupMiddlewares: (middlewares) => {
        const runtimeConfig = options.dev.runtimeConfig;
        if (!runtimeConfig) return middlewares;
        const answerConfig = (_req: IncomingMessage, res: ServerResponse) => {
          res.setHeader('content-type', 'application/json');
          res.setHeader('cache-control', 'no-cache');
          res.end(JSON.stringify(runtimeConfig()));
        };
        return [{ name: 'runtime-config', path: '/config.json', middleware: answerConfig }, ...middlewares];
      },
      // The API of a running product (`npm start`), reached through this origin as in production.
      proxy: [{ context: ['/api'], target: process.env.INNERVIEW_GATEWAY_URL ?? 'http://127.0.0.1:8080' }],
    },
  };
}
