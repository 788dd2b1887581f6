import { describe, expect, it } from "vitest";
import { HistoryFormatError, parseNameStatusLog, unquotePath } from "./name-status-log.js";

const LOG = [
  "commit 2222222222222222222222222222222222222222",
  "Date: 1700000200",
  "Subject: move the parser",
  "",
  "R087\tsrc/parse.ts\tsrc/parser/parse.ts",
  "M\tsrc/index.ts",
  "D\tsrc/old.ts",
  "commit 1111111111111111111111111111111111111111",
  "Date: 1700000100",
  "Subject: ",
  "",
  "A\tsrc/parse.ts",
  "C075\tsrc/index.ts\tsrc/copy.ts",
  "T\tsrc/link.ts",
  "",
].join("\n");

describe(parseNameStatusLog.name, () => {
  it("reads commits newest first with their time, subject and every kind of change", () => {
    expect(parseNameStatusLog(LOG)).toEqual([
      {
        id: "2222222222222222222222222222222222222222",
        time: 1700000200,
        subject: "move the parser",
        changes: [
          { status: "R", path: "src/parser/parse.ts", fromPath: "src/parse.ts" },
          { status: "M", path: "src/index.ts" },
          { status: "D", path: "src/old.ts" },
        ],
      },
      {
        id: "1111111111111111111111111111111111111111",
        time: 1700000100,
        subject: "",
        changes: [
          { status: "A", path: "src/parse.ts" },
          { status: "C", path: "src/copy.ts", fromPath: "src/index.ts" },
          { status: "T", path: "src/link.ts" },
        ],
      },
    ]);
  });

  it("reads a commit that changed no file (an empty commit) and CRLF line ends", () => {
    const text =
      "commit abc\r\nDate: 5\r\nSubject: empty\r\n\r\ncommit def\r\nDate: 4\r\nSubject: one\r\n\r\nM\ta.ts\r\n";
    expect(parseNameStatusLog(text).map((commit) => [commit.id, commit.changes.length])).toEqual([
      ["abc", 0],
      ["def", 1],
    ]);
  });

  it("refuses output that is not a name-status log, naming the line", () => {
    expect(() => parseNameStatusLog("M\ta.ts\n")).toThrow(HistoryFormatError);
    expect(() => parseNameStatusLog("commit a\nDate: 1\nSubject: s\n\nU\tconflicted.ts\n")).toThrow(/line 5/);
    expect(() => parseNameStatusLog("commit a\nDate: soon\n")).toThrow(/not a unix time/);
    expect(() => parseNameStatusLog("commit a\nSubject: s\n")).toThrow(/no Date line/);
    expect(() => parseNameStatusLog("commit a\nDate: 1\n\nR100\tonly-one.ts\n")).toThrow(/rename with one path/);
  });
});

describe(unquotePath.name, () => {
  it("decodes git's C-style quoting, octal bytes as UTF-8", () => {
    expect(unquotePath('"caf\\303\\251.ts"')).toBe("café.ts");
    expect(unquotePath('"a\\tb\\"c\\\\d.ts"')).toBe('a\tb"c\\d.ts');
    expect(unquotePath("plain/path.ts")).toBe("plain/path.ts");
    expect(unquotePath('"')).toBe('"');
  });

  it("reads a quoted path in a status line", () => {
    const [commit] = parseNameStatusLog(
      'commit a\nDate: 1\nSubject: s\n\nR100\t"old \\303\\251.ts"\t"new \\303\\251.ts"\n',
    );
    expect(commit?.changes).toEqual([{ status: "R", path: "new é.ts", fromPath: "old é.ts" }]);
  });
});
