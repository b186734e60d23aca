// Checks what the docs and the code's comments name against the repository: each path exists, each anchor is a
// heading of its document, each quoted section is a heading (or a paragraph's bold lead) of its file.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { benchScripts, scriptsFor } from "../../scripts/bench-scripts";
import { commentText } from "./comment-text";
import { headingAnchors, markdownReferences, sectionNames } from "./markdown-references";
import {
  type CommandMention,
  codeSpans,
  commandMentions,
  type FileNameMention,
  fileNameMentions,
  type PathMention,
  pathMentions,
  type SectionMention,
  sectionMentions,
} from "./path-mentions";

export interface BrokenReference {
  /** The file that names it, relative to the repository root. */
  in: string;
  reference: string;
  problem: string;
}

const NEVER_READ = new Set(["node_modules", ".git"]);
const GLOB_MARK = /[*?[!]/;

/**
 * The folders .gitignore names (`data/`, `web/dist/`): a doc may name a path in them, which exists only after a
 * run. A name without an inner slash is ignored at any depth, as git reads it.
 */
function ignoredFolders(root: string): { anywhere: Set<string>; prefixes: string[] } {
  const gitignore = existsSync(join(root, ".gitignore")) ? readFileSync(join(root, ".gitignore"), "utf8") : "";
  const folders = gitignore
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.endsWith("/") && !line.startsWith("#") && !GLOB_MARK.test(line))
    .map((line) => line.replace(/^\//, "").slice(0, -1));
  return {
    anywhere: new Set(folders.filter((folder) => !folder.includes("/"))),
    prefixes: folders.filter((folder) => folder.includes("/")).map((folder) => `${folder}/`),
  };
}

export class Repository {
  readonly topLevelFolders: ReadonlySet<string>;
  private readonly ignored: { anywhere: Set<string>; prefixes: string[] };
  private readonly markdownCache = new Map<string, string>();
  private readonly anchorCache = new Map<string, Set<string>>();
  private readonly sectionCache = new Map<string, string[]>();
  private packageScripts: Set<string> | undefined;
  private benchmarks: string[] | undefined;
  private allFiles: { paths: string[]; names: Set<string> } | undefined;

  constructor(readonly root: string) {
    this.ignored = ignoredFolders(root);
    this.topLevelFolders = new Set(
      readdirSync(root, { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && !this.skipped(entry.name))
        .map((entry) => entry.name),
    );
  }

  private skipped(path: string): boolean {
    const segments = path.split("/");
    return (
      segments.some((segment) => NEVER_READ.has(segment) || this.ignored.anywhere.has(segment)) ||
      this.ignored.prefixes.some((prefix) => `${path}/`.startsWith(prefix))
    );
  }

  /** Files under the given folders with one of the extensions, relative to the root. */
  files(folders: string[], extensions: string[]): string[] {
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(join(this.root, dir), { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (this.skipped(path)) continue;
        if (entry.isDirectory()) walk(path);
        else if (extensions.some((extension) => entry.name.endsWith(extension))) found.push(path);
      }
    };
    for (const folder of folders) walk(folder);
    return found.sort();
  }

  private anchors(path: string): Set<string> {
    const anchors = this.anchorCache.get(path) ?? headingAnchors(this.markdown(path));
    this.anchorCache.set(path, anchors);
    return anchors;
  }

  private sections(path: string): string[] {
    const names = this.sectionCache.get(path) ?? sectionNames(this.markdown(path)).map((n) => n.toLowerCase());
    this.sectionCache.set(path, names);
    return names;
  }

  private markdown(path: string): string {
    const text = this.markdownCache.get(path) ?? readFileSync(join(this.root, path), "utf8");
    this.markdownCache.set(path, text);
    return text;
  }

  /** What is wrong with a path relative to the root and its anchor, or undefined when both resolve. */
  private pathProblem(path: string, anchor: string | undefined): string | undefined {
    const clean = normalize(path);
    if (clean.startsWith("..")) return "outside the repository";
    if (this.skipped(clean)) return undefined;
    if (!existsSync(join(this.root, clean))) return "no such file or folder";
    if (anchor === undefined || !clean.endsWith(".md")) return undefined;
    return this.anchors(clean).has(anchor) ? undefined : `no heading with the anchor #${anchor}`;
  }

  private sectionProblem(file: string, section: string): string | undefined {
    if (!existsSync(join(this.root, file))) return `no such file ${file}`;
    const wanted = section.toLowerCase();
    return this.sections(file).some((name) => name.startsWith(wanted))
      ? undefined
      : `no section "${section}" in ${file}`;
  }

  private commandProblem({ script, word }: CommandMention): string | undefined {
    if (!this.packageScripts) {
      const manifest = JSON.parse(readFileSync(join(this.root, "package.json"), "utf8")) as {
        scripts?: Record<string, string>;
      };
      this.packageScripts = new Set(Object.keys(manifest.scripts ?? {}));
    }
    if (!this.packageScripts.has(script)) return "no such script in package.json";
    this.benchmarks ??= benchScripts(this.root);
    if (script === "bench" && word && scriptsFor(this.benchmarks, word).length === 0) {
      return `no benchmark script named or holding "${word}"`;
    }
    return undefined;
  }

  /** A bare name is some file's name; a path's end is some file's path end; `./` and `../` start at `from`'s folder. */
  private fileNameExists(name: string, from: string): boolean {
    if (name.startsWith("./") || name.startsWith("../")) return existsSync(join(this.root, dirname(from), name));
    if (!this.allFiles) {
      const paths = [...readdirSync(this.root), ...this.files([...this.topLevelFolders], [""])];
      this.allFiles = { paths, names: new Set(paths.map((path) => path.slice(path.lastIndexOf("/") + 1))) };
    }
    if (!name.includes("/")) return this.allFiles.names.has(name);
    return this.allFiles.paths.some((path) => path.endsWith(`/${name}`));
  }

  private checkMentions(
    file: string,
    paths: PathMention[],
    fileNames: FileNameMention[],
    sections: SectionMention[],
    commands: CommandMention[],
  ): BrokenReference[] {
    const broken: BrokenReference[] = [];
    for (const command of commands) {
      const problem = this.commandProblem(command);
      const reference = `bun run ${command.script}${command.word ? ` ${command.word}` : ""}`;
      if (problem) broken.push({ in: file, reference, problem });
    }
    for (const { name } of fileNames) {
      if (!this.fileNameExists(name, file)) broken.push({ in: file, reference: name, problem: "no file of that name" });
    }
    for (const { path, anchor } of paths) {
      const problem = this.pathProblem(path, anchor);
      if (problem) broken.push({ in: file, reference: anchor ? `${path}#${anchor}` : path, problem });
    }
    for (const { file: named, section } of sections) {
      // A section quote names its file as a repository path, or relative to the document that quotes it.
      const candidates = [named, join(dirname(file), named)];
      const target = candidates.find((candidate) => existsSync(join(this.root, candidate)));
      const problem = this.sectionProblem(target ?? named, section);
      if (problem) broken.push({ in: file, reference: `${named}, "${section}"`, problem });
    }
    return broken;
  }

  checkMarkdown(file: string): BrokenReference[] {
    const references = markdownReferences(this.markdown(file), this.topLevelFolders);
    const { paths, fileNames, sections, commands } = references;
    const broken = this.checkMentions(file, paths, fileNames, sections, commands);
    for (const { path, anchor } of references.links) {
      const target = path === "" ? file : relative(this.root, join(this.root, dirname(file), path));
      const problem = this.pathProblem(target, anchor);
      if (problem) broken.push({ in: file, reference: anchor ? `${path}#${anchor}` : path, problem });
    }
    return broken;
  }

  checkComments(file: string): BrokenReference[] {
    const source = readFileSync(join(this.root, file), "utf8");
    const paths: PathMention[] = [];
    const fileNames: FileNameMention[] = [];
    const sections: SectionMention[] = [];
    const commands: CommandMention[] = [];
    for (const comment of commentText(source, file.endsWith(".tsx"))) {
      paths.push(...pathMentions(comment, this.topLevelFolders));
      fileNames.push(...fileNameMentions(comment, this.topLevelFolders));
      sections.push(...sectionMentions(comment));
      for (const span of codeSpans(comment)) commands.push(...commandMentions(span));
    }
    return this.checkMentions(file, paths, fileNames, sections, commands);
  }
}
