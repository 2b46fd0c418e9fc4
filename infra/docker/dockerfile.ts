// Reads a Dockerfile and performs its stages into folders the way `docker build` would, for the
// machines where no Docker engine runs (development and CI): the same files copied from the same
// context (with .dockerignore), the same `npm ci`, the same users and ownership. It knows only the
// instructions our Dockerfiles use and refuses the rest, so a Dockerfile cannot drift into
// something the rehearsal silently skips.
import { execFileSync } from 'node:child_process';
import { chownSync, cpSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serviceNames } from '../../gateway/src/domain/route-table.ts';

export interface Instruction {
  keyword: string;
  flags: Record<string, string>;
  args: string;
  line: number;
}

export interface Stage {
  index: number;
  name: string;
  from: string;
  instructions: Instruction[];
}

export interface ParsedDockerfile {
  globalArgs: Record<string, string | undefined>;
  stages: Stage[];
}

/** The image users our Dockerfiles name, as the node images define them. */
export const imageUsers: Record<string, number> = { root: 0, node: 1000 };

/** The seven images the product ships (docker-compose.yml's builds): the services, the gateway last. */
export const imageNames = [...serviceNames, 'gateway'] as const;
export type ImageName = (typeof imageNames)[number];

const known = new Set([
  'FROM',
  'ARG',
  'ENV',
  'WORKDIR',
  'COPY',
  'RUN',
  'USER',
  'EXPOSE',
  'HEALTHCHECK',
  'STOPSIGNAL',
  'CMD',
  'LABEL',
]);

/** Splits into instructions: comments dropped, `\` continuations joined, leading `--flags` taken apart. */
export function parseDockerfile(text: string): ParsedDockerfile {
  const logical: Array<{ text: string; line: number }> = [];
  let current: { text: string; line: number } | undefined;
  text.split('\n').forEach((raw, i) => {
    const trimmed = raw.trim();
    if (!current && (trimmed === '' || trimmed.startsWith('#'))) return;
    if (current && trimmed.startsWith('#')) return;
    const continued = trimmed.endsWith('\\');
    const part = continued ? trimmed.slice(0, -1) : trimmed;
    if (current) current.text += ` ${part}`;
    else current = { text: part, line: i + 1 };
    if (!continued) {
      logical.push(current);
      current = undefined;
    }
  });
  const globalArgs: Record<string, string | undefined> = {};
  const stages: Stage[] = [];
  for (const { text: entry, line } of logical) {
    const match = /^(\S+)\s*(.*)$/.exec(entry)!;
    const keyword = match[1]!.toUpperCase();
    if (!known.has(keyword))
      throw new Error(`Dockerfile line ${line}: ${keyword} is not supported by the rehearsal`);
    let rest = match[2]!;
    const flags: Record<string, string> = {};
    for (let flag = /^--([a-z-]+)=(\S+)\s+/.exec(rest); flag; flag = /^--([a-z-]+)=(\S+)\s+/.exec(rest)) {
      flags[flag[1]!] = flag[2]!;
      rest = rest.slice(flag[0].length);
    }
    const instruction: Instruction = { keyword, flags, args: rest.trim(), line };
    if (keyword === 'FROM') {
      const from = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(instruction.args);
      if (!from) throw new Error(`Dockerfile line ${line}: cannot read FROM ${instruction.args}`);
      stages.push({
        index: stages.length,
        name: from[2] ?? String(stages.length),
        from: from[1]!,
        instructions: [],
      });
    } else if (stages.length === 0) {
      if (keyword !== 'ARG') throw new Error(`Dockerfile line ${line}: only ARG may come before FROM`);
      const [name, value] = splitAssignment(instruction.args);
      globalArgs[name] = value;
    } else stages.at(-1)!.instructions.push(instruction);
  }
  return { globalArgs, stages };
}

function splitAssignment(text: string): [string, string | undefined] {
  const eq = text.indexOf('=');
  return eq < 0 ? [text.trim(), undefined] : [text.slice(0, eq).trim(), unquote(text.slice(eq + 1).trim())];
}

const unquote = (v: string) => (/^(["']).*\1$/.test(v) ? v.slice(1, -1) : v);

/** `${VAR}`, `${VAR:-default}` and `$VAR` as docker expands them in COPY, ENV, WORKDIR, USER, FROM. */
export function expand(text: string, vars: Record<string, string | undefined>): string {
  return text.replace(/\$\{([A-Za-z_]\w*)(?::-([^}]*))?\}|\$([A-Za-z_]\w*)/g, (_m, a, fallback, b) => {
    const value = vars[a ?? b];
    return value === undefined || value === '' ? (fallback ?? '') : value;
  });
}

/** `ENV A=1 B="x y"` (and the legacy `ENV A 1`). */
function parseEnv(args: string): Array<[string, string]> {
  if (!args.includes('=')) {
    const [name, ...value] = args.split(/\s+/);
    return [[name!, value.join(' ')]];
  }
  return [...args.matchAll(/([A-Za-z_]\w*)=("[^"]*"|'[^']*'|\S*)/g)].map((m) => [m[1]!, unquote(m[2]!)]);
}

/** .dockerignore patterns; a path is left out when it or a folder above it matches one. */
export function dockerignore(context: string): (relative: string) => boolean {
  const file = path.join(context, '.dockerignore');
  const patterns = existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l && !l.startsWith('#'))
    : [];
  if (patterns.some((p) => p.startsWith('!')))
    throw new Error('.dockerignore: exceptions (!) are not supported by the rehearsal');
  return (relative) => {
    const parts = relative.split('/');
    for (let i = 1; i <= parts.length; i++) {
      const prefix = parts.slice(0, i).join('/');
      if (patterns.some((p) => path.matchesGlob(prefix, p.replace(/^\/+|\/+$/g, '')))) return true;
    }
    return false;
  };
}

export interface ImageState {
  env: Record<string, string>;
  workdir: string;
  user: string;
  cmd?: string[];
  exposed: string[];
}

export interface BuildOptions {
  context: string;
  dockerfile: string;
  buildArgs: Record<string, string>;
  /** Empty folder the stages are performed in (one sub-folder per stage). */
  workDir: string;
  /** The folder a `--mount=type=cache,target=/root/.npm` stands for: a copy of the npm cache. */
  npmCache: string;
  /** Prepended to PATH for RUN: the folder of the Node 24 binary the images' base provides. */
  nodeBinDir: string;
  log?: (line: string) => void;
}

export interface BuiltImage {
  root: string;
  state: ImageState;
  stage: Stage;
}

/** Performs the stages the last one needs (as BuildKit does) and returns the final image's root. */
export function buildImage(options: BuildOptions): BuiltImage {
  const parsed = parseDockerfile(readFileSync(path.join(options.context, options.dockerfile), 'utf8'));
  const ignored = dockerignore(options.context);
  const built = new Map<number, BuiltImage>();
  const byName = (name: string) => parsed.stages.find((s) => s.name === name || String(s.index) === name);
  const globals: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(parsed.globalArgs)) globals[k] = options.buildArgs[k] ?? v;

  const build = (stage: Stage): BuiltImage => {
    const done = built.get(stage.index);
    if (done) return done;
    const root = path.join(options.workDir, `stage-${stage.index}-${stage.name}`);
    const fromName = expand(stage.from, globals);
    const parent = byName(fromName);
    let state: ImageState = { env: {}, workdir: '/', user: 'root', exposed: [] };
    if (parent && parent.index < stage.index) {
      const base = build(parent);
      cpSync(base.root, root, { recursive: true, verbatimSymlinks: true, preserveTimestamps: true });
      state = structuredClone(base.state);
    } else mkdirSync(root, { recursive: true });
    options.log?.(`stage ${stage.name} FROM ${fromName}`);
    const args: Record<string, string | undefined> = {};
    const vars = () => ({ ...args, ...state.env });
    const inImage = (p: string) =>
      path.join(root, path.posix.isAbsolute(p) ? p : path.posix.join(state.workdir, p));
    for (const step of stage.instructions) {
      const where = `${options.dockerfile}:${step.line}`;
      switch (step.keyword) {
        case 'ARG': {
          const [name, value] = splitAssignment(step.args);
          args[name] = options.buildArgs[name] ?? (name in globals ? globals[name] : value);
          break;
        }
        case 'ENV':
          for (const [k, v] of parseEnv(step.args)) state.env[k] = expand(v, vars());
          break;
        case 'WORKDIR':
          state.workdir = path.posix.resolve(state.workdir, expand(step.args, vars()));
          mkdirSync(path.join(root, state.workdir), { recursive: true });
          break;
        case 'USER':
          state.user = expand(step.args, vars());
          break;
        case 'COPY':
          options.log?.(`  COPY ${step.args}`);
          copy(step, where);
          break;
        case 'RUN':
          run(step, where);
          break;
        case 'CMD':
          state.cmd = JSON.parse(step.args) as string[];
          break;
        case 'EXPOSE':
          state.exposed.push(...step.args.split(/\s+/));
          break;
        default:
          break; // HEALTHCHECK, STOPSIGNAL, LABEL: metadata the rehearsal does not need
      }
    }
    const image = { root, state, stage };
    built.set(stage.index, image);
    return image;

    function copy(step: Instruction, where: string) {
      const parts = expand(step.args, vars()).split(/\s+/);
      const dest = parts.pop()!;
      if (parts.length === 0) throw new Error(`${where}: COPY needs a source and a destination`);
      const fromStage = step.flags.from ? byName(expand(step.flags.from, vars())) : undefined;
      if (step.flags.from && !fromStage) throw new Error(`${where}: no stage ${step.flags.from}`);
      const sourceRoot = fromStage ? build(fromStage).root : options.context;
      const target = inImage(dest);
      for (const source of parts) {
        if (/[*?[]/.test(source)) throw new Error(`${where}: wildcards are not supported by the rehearsal`);
        const relative = path.posix.normalize(source).replace(/^\/+/, '').replace(/\/+$/, '');
        const from = path.join(sourceRoot, relative);
        if (!fromStage && (relative.startsWith('..') || (relative !== '.' && ignored(relative))))
          throw new Error(`${where}: ${source} is outside the build context or in .dockerignore`);
        if (!existsSync(from)) throw new Error(`${where}: COPY source ${source} does not exist`);
        const isDir = lstatSync(from).isDirectory();
        const to =
          isDir || !(dest.endsWith('/') || parts.length > 1)
            ? target
            : path.join(target, path.basename(from));
        if (!isDir && parts.length > 1 && !dest.endsWith('/'))
          throw new Error(`${where}: with several sources the destination must end with /`);
        mkdirSync(isDir ? to : path.dirname(to), { recursive: true });
        cpSync(from, to, {
          recursive: true,
          verbatimSymlinks: true,
          filter: (file) => {
            if (fromStage) return true;
            const rel = path.relative(options.context, file).split(path.sep).join('/');
            return rel === '' || !ignored(rel);
          },
        });
        if (step.flags.chown) chownTree(to, step.flags.chown);
      }
    }

    function run(step: Instruction, where: string) {
      const mount = step.flags.mount;
      const env: Record<string, string> = {
        PATH: `${options.nodeBinDir}:/usr/local/bin:/usr/bin:/bin`,
        HOME: path.join(options.workDir, 'home'),
        ...Object.fromEntries(Object.entries(args).filter(([, v]) => v !== undefined)),
        ...state.env,
      } as Record<string, string>;
      if (mount) {
        if (!/^type=cache,target=\/root\/\.npm$/.test(mount))
          throw new Error(`${where}: only the npm cache mount is supported by the rehearsal`);
        env.npm_config_cache = options.npmCache;
        // What a warm cache mount gives a repeated build: packages come from it without asking
        // the registry about each one again (a missing one is still fetched).
        env.npm_config_prefer_offline = 'true';
      }
      if (state.user !== 'root')
        throw new Error(`${where}: RUN as ${state.user} is not supported by the rehearsal`);
      // Absolute paths of the image are folders of this stage here; user names are the image's.
      const command = step.args
        .replace(/(^|[\s;&|=("'])\/(?=[A-Za-z])/g, `$1${root}/`)
        .replace(/\bchown\s+(\S+)/g, (_m, owner: string) => `chown ${numericOwner(owner)}`);
      options.log?.(`  RUN ${step.args}`);
      const cwd = path.join(root, state.workdir);
      mkdirSync(cwd, { recursive: true });
      try {
        execFileSync('/bin/sh', ['-c', command], {
          cwd,
          env,
          stdio: ['ignore', 'pipe', 'pipe'],
          maxBuffer: 64 << 20,
        });
      } catch (err) {
        const e = err as { stdout?: Buffer; stderr?: Buffer };
        const output = `${e.stdout?.toString() ?? ''}${e.stderr?.toString() ?? ''}`.trim().split('\n');
        throw new Error(`${where}: RUN ${step.args} failed:\n${output.slice(-40).join('\n')}`);
      }
    }
  };

  const last = parsed.stages.at(-1);
  if (!last) throw new Error(`${options.dockerfile}: no FROM`);
  return build(last);
}

/** `node:node`, `1000`, `root` → `uid:gid` as the node images define the names. */
export function numericOwner(owner: string): string {
  const [user, group] = owner.split(':');
  const id = (name: string) => {
    if (/^\d+$/.test(name)) return name;
    if (!(name in imageUsers)) throw new Error(`unknown image user ${name}`);
    return String(imageUsers[name]);
  };
  return `${id(user!)}:${id(group ?? user!)}`;
}

function chownTree(target: string, owner: string) {
  const [uid, gid] = numericOwner(owner).split(':').map(Number) as [number, number];
  const walk = (p: string) => {
    chownSync(p, uid, gid);
    if (lstatSync(p).isDirectory()) for (const entry of readdirSync(p)) walk(path.join(p, entry));
  };
  walk(target);
}
