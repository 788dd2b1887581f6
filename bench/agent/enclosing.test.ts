import { describe, expect, it } from "vitest";
import { enclosingDeclaration } from "./enclosing.js";

const SOURCE = `import { a } from "./a.js";

@Injectable()
export class UserService {
  private readonly cache = build();

  register(
    email: string,
  ): User {
    if (email === "") {
      return fail();
    }
    return save(email);
  }
}

export const schema = {
  parse(input: unknown) {
    return check(input);
  },
};

export function helper(): void {
  const inner = () => {
    run();
  };
}

start();
`.split("\n");

const at = (text: string): number => SOURCE.findIndex((line) => line.includes(text));

describe("the declaration a grep agent reads around a match", () => {
  it("names a method by its class, through nested blocks and a signature over several lines", () => {
    expect(enclosingDeclaration(SOURCE, at("fail()"))).toEqual({
      name: "UserService.register",
      head: at("register("),
      declaredAt: at("register("),
    });
    expect(enclosingDeclaration(SOURCE, at("save(email)")).name).toBe("UserService.register");
  });

  it("names a class property from its own line, and an object-literal method by its variable", () => {
    expect(enclosingDeclaration(SOURCE, at("build()")).name).toBe("UserService.cache");
    expect(enclosingDeclaration(SOURCE, at("check(input)")).name).toBe("schema.parse");
  });

  it("gives a function for code in its inner functions, and no name for top-level code", () => {
    expect(enclosingDeclaration(SOURCE, at("run()")).name).toBe("helper");
    expect(enclosingDeclaration(SOURCE, at("start()"))).toEqual({
      name: undefined,
      head: at("start()"),
      declaredAt: at("start()"),
    });
  });
});
