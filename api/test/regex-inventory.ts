// Finds every regular expression written in TypeScript source, from the syntax tree of the TypeScript 7 compiler
// (its API, run as a child process): regex literals, `new RegExp(...)` / `RegExp(...)` whose arguments are string
// literals, templates or `+` of same-file string constants, and the string arguments of `.match()`, `.matchAll()`
// and `.search()`, which JavaScript also compiles to a RegExp. A construction whose pattern cannot be worked out
// from the source is reported as dynamic, never skipped.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { type Expression, type Node, NodeFlags, type SourceFile, SyntaxKind } from "typescript/unstable/ast";
import {
  isArrayLiteralExpression,
  isAsExpression,
  isBinaryExpression,
  isCallExpression,
  isIdentifier,
  isNewExpression,
  isNoSubstitutionTemplateLiteral,
  isParenthesizedExpression,
  isPropertyAccessExpression,
  isRegularExpressionLiteral,
  isSatisfiesExpression,
  isSpreadElement,
  isStringLiteral,
  isTemplateExpression,
  isVariableDeclaration,
  isVariableDeclarationList,
} from "typescript/unstable/ast/is";
import { API } from "typescript/unstable/async";

export interface FoundPattern {
  /** Path relative to the scan root. */
  file: string;
  /** 1-based. */
  line: number;
  source: string;
  flags: string;
  via: "literal" | "RegExp" | "string-method";
}

export interface DynamicPattern {
  file: string;
  line: number;
  /** The construction as written, whose pattern could not be worked out statically. */
  expression: string;
}

export interface Inventory {
  files: string[];
  patterns: FoundPattern[];
  dynamic: DynamicPattern[];
}

const STRING_METHODS_TAKING_A_PATTERN = new Set(["match", "matchAll", "search"]);

/** Scans the given files (absolute paths under `root`) in one TypeScript program. */
export async function scanRegexes(root: string, files: string[]): Promise<Inventory> {
  // A throwaway project listing exactly these files: no lib, no imports followed, so parsing is all that happens.
  const dir = mkdtempSync(join(tmpdir(), "regex-inventory-"));
  const config = join(dir, "tsconfig.json");
  writeFileSync(
    config,
    JSON.stringify({
      compilerOptions: { noLib: true, noResolve: true, types: [], jsx: "preserve", noEmit: true },
      files,
    }),
  );
  const api = new API({ cwd: dir });
  try {
    const snapshot = await api.updateSnapshot({ openProjects: [config] });
    const project = snapshot.getProjects()[0];
    if (!project) throw new Error("the TypeScript API opened no project");
    const inventory: Inventory = { files: [], patterns: [], dynamic: [] };
    for (const file of files) {
      const sourceFile = await project.program.getSourceFile(file);
      if (!sourceFile) throw new Error(`the TypeScript API did not parse ${file}`);
      inventory.files.push(relative(root, file));
      collect(sourceFile, relative(root, file), inventory);
    }
    return inventory;
  } finally {
    await api.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

function collect(sourceFile: SourceFile, file: string, out: Inventory): void {
  const constants = constantInitialisers(sourceFile);
  const lineOf = (node: Node) => sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1;
  const visit = (node: Node): void => {
    if (isRegularExpressionLiteral(node)) {
      const text = node.text;
      const slash = text.lastIndexOf("/");
      out.patterns.push({
        file,
        line: lineOf(node),
        source: text.slice(1, slash),
        flags: text.slice(slash + 1),
        via: "literal",
      });
    } else if ((isNewExpression(node) || isCallExpression(node)) && isRegExpConstructor(node.expression)) {
      const [patternArg, flagsArg] = node.arguments ?? [];
      const source = patternArg ? evaluate(patternArg, constants) : undefined;
      const flags = flagsArg ? evaluate(flagsArg, constants) : "";
      if (source === undefined || flags === undefined) {
        out.dynamic.push({ file, line: lineOf(node), expression: node.getText(sourceFile) });
      } else {
        out.patterns.push({ file, line: lineOf(node), source, flags, via: "RegExp" });
      }
    } else if (
      isCallExpression(node) &&
      isPropertyAccessExpression(node.expression) &&
      STRING_METHODS_TAKING_A_PATTERN.has(node.expression.name.text) &&
      node.arguments.length === 1
    ) {
      const arg = node.arguments[0]!;
      if (isStringLiteral(arg) || isNoSubstitutionTemplateLiteral(arg) || isTemplateExpression(arg)) {
        const source = evaluate(arg, constants);
        if (source === undefined) out.dynamic.push({ file, line: lineOf(node), expression: node.getText(sourceFile) });
        else out.patterns.push({ file, line: lineOf(node), source, flags: "", via: "string-method" });
      }
    }
    node.forEachChild(visit);
  };
  sourceFile.forEachChild(visit);
}

function isRegExpConstructor(callee: Expression): boolean {
  if (isIdentifier(callee)) return callee.text === "RegExp";
  return isPropertyAccessExpression(callee) && callee.name.text === "RegExp";
}

/** `const NAME = <initialiser>` anywhere in the file; a name declared twice is ambiguous and left out. */
function constantInitialisers(sourceFile: SourceFile): Map<string, Expression | null> {
  const found = new Map<string, Expression | null>();
  const visit = (node: Node): void => {
    if (isVariableDeclaration(node) && isIdentifier(node.name)) {
      const list = node.parent;
      const isConst = isVariableDeclarationList(list) && (list.flags & NodeFlags.Const) !== 0;
      const name = node.name.text;
      found.set(name, found.has(name) || !isConst || !node.initializer ? null : node.initializer);
    }
    node.forEachChild(visit);
  };
  sourceFile.forEachChild(visit);
  return found;
}

/** The string value of an expression built from literals and same-file constants, or undefined. */
function evaluate(node: Expression, constants: Map<string, Expression | null>, depth = 0): string | undefined {
  if (depth > 20) return undefined;
  if (isStringLiteral(node) || isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (isParenthesizedExpression(node) || isAsExpression(node) || isSatisfiesExpression(node)) {
    return evaluate(node.expression, constants, depth + 1);
  }
  if (isTemplateExpression(node)) {
    let text = node.head.text;
    for (const span of node.templateSpans) {
      const part = evaluate(span.expression, constants, depth + 1);
      if (part === undefined) return undefined;
      text += part + span.literal.text;
    }
    return text;
  }
  if (isBinaryExpression(node) && node.operatorToken.kind === SyntaxKind.PlusToken) {
    const left = evaluate(node.left, constants, depth + 1);
    const right = evaluate(node.right, constants, depth + 1);
    return left === undefined || right === undefined ? undefined : left + right;
  }
  if (isIdentifier(node)) {
    const init = constants.get(node.text);
    return init ? evaluate(init, constants, depth + 1) : undefined;
  }
  // [...].join("sep") over an array literal of evaluable strings.
  if (
    isCallExpression(node) &&
    isPropertyAccessExpression(node.expression) &&
    node.expression.name.text === "join" &&
    node.arguments.length === 1
  ) {
    const items = evaluateArray(node.expression.expression, constants, depth + 1);
    const separator = evaluate(node.arguments[0]!, constants, depth + 1);
    return items === undefined || separator === undefined ? undefined : items.join(separator);
  }
  return undefined;
}

function evaluateArray(
  node: Expression,
  constants: Map<string, Expression | null>,
  depth: number,
): string[] | undefined {
  if (depth > 20) return undefined;
  if (isIdentifier(node)) {
    const init = constants.get(node.text);
    return init ? evaluateArray(init, constants, depth + 1) : undefined;
  }
  if (isParenthesizedExpression(node) || isAsExpression(node) || isSatisfiesExpression(node)) {
    return evaluateArray(node.expression, constants, depth + 1);
  }
  if (!isArrayLiteralExpression(node)) return undefined;
  const items: string[] = [];
  for (const element of node.elements) {
    if (isSpreadElement(element)) {
      const spread = evaluateArray(element.expression, constants, depth + 1);
      if (spread === undefined) return undefined;
      items.push(...spread);
    } else {
      const value = evaluate(element, constants, depth + 1);
      if (value === undefined) return undefined;
      items.push(value);
    }
  }
  return items;
}
