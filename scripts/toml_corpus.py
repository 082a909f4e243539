#!/usr/bin/env python3
"""Generates the differential corpus for KioskTOML: TOML documents (written at random,
the project's own TOML files, and byte-level mutations of both) with Python's tomllib
verdict on each, as Tests/KioskTOMLTests/Corpus/documents.jsonl.

Each line is {"name", "toml" (base64 bytes), "expected"}: "expected" is null when tomllib
rejects the document, else the value tree in the canonical JSON the Swift test renders
too (see TOMLDifferentialTests.swift). tomllib accepts integers beyond 64 bits; TOML 1.0
requires an error for them, so those documents are expected to be rejected. A leading
byte-order mark, which TOML allows and tomllib rejects, is read as absent.

Usage: scripts/toml_corpus.py [--count N] [--seed S] [--out FILE]   (deterministic for a given seed)
"""
import argparse, base64, datetime, glob, json, os, random, struct, sys, tomllib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "Tests/KioskTOMLTests/Corpus/documents.jsonl")

KEYS = ["a", "b", "c", "x", "y", "id", "key", "bare-key_1", "1234", "-", "_", '"a"', "'b'", '""', "''",
        '"é"', '"e\\u0301"', '"\\u00e9"', '"a.b"', "'with space'", '"quote\\"d"', "é", "a b", '"\\x"']
INTS = ["0", "42", "-17", "+99", "1_000", "0xDEAD_beef", "0o755", "0b1101", "9223372036854775807",
        "-9223372036854775808", "9223372036854775808", "-9223372036854775809", "01", "1__0", "_1", "1_",
        "0x", "+0x1", "-0", "+0", "0xffffffffffffffff", "0o", "0b2", "00", "-0b1", "0X1F", "1,000"]
FLOATS = ["3.14", "-0.0", "+0.0", "1e10", "6.02e+23", "1E-5", "1_0.5_0", "inf", "-inf", "+inf", "nan",
          "-nan", "+nan", "1.", ".5", "1e", "1.5e_3", "0.1e0_1", "1e400", "4.9e-324", "1e-400",
          "3.141_592_653_589_793", "0.0000001", "1e+", "1.0e-0", "00.1", "-01.0", "Inf", "NaN", "1.2.3",
          "2.2250738585072011e-308", "179769313486231570000000000000000000000000000000000000000000000000000000000000"
          "00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
          "00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
          "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000.0"]
DATES = ["1979-05-27T07:32:00Z", "1979-05-27 07:32:00.123456789+05:30", "1979-05-27T00:32:00.5-07:00",
         "1979-05-27T07:32:00", "1979-05-27t07:32:00z", "2000-02-29", "1900-02-29", "2024-02-29", "2023-02-29",
         "07:32:00", "00:00:00.999999999", "7:32:00", "1979-05-27T07:32", "24:00:00", "23:59:60", "1979-13-01",
         "1979-00-10", "1979-04-31", "0000-01-01", "0001-01-01", "9999-12-31T23:59:59.999999Z",
         "1979-05-27T07:32:00+24:00", "1979-05-27T07:32:00-00:00", "1979-05-27T07:32:00+5:30", "1979-05-27 ",
         "1979-05-27T", "1979-05-27T07:32:00.", "1979-05-27T07:32:00Zx", "79-05-27", "1979-5-27"]
BOOLS = ["true", "false", "True", "tru", "falsey", "TRUE"]
CHARS = ["a", "Z", " ", "é", "😀", "\\n", "\\t", "\\\\", "\\\"", "\\u00e9", "\\U0001F600", "\\uD800",
         "\\U00110000", "\\x41", "\\e", "\\u12", "\t", "\x01", "\x7f", "#", "'", "=", "[", "}", "\\ ", "ß"]


# Lexical forms TOML 1.0 accepts, for documents meant to be valid.
VALID = {
    "ints": ["0", "42", "-17", "+99", "1_000", "0xDEAD_beef", "0o755", "0b1101", "9223372036854775807",
             "-9223372036854775808", "-0", "+0", "0X1F"],
    "floats": ["3.14", "-0.0", "+0.0", "1e10", "6.02e+23", "1E-5", "1_0.5_0", "inf", "-inf", "+inf", "nan", "-nan",
               "+nan", "0.1e0_1", "1e400", "4.9e-324", "1e-400", "3.141_592_653_589_793", "1.0e-0", "2.2250738585072011e-308"],
    "dates": ["1979-05-27T07:32:00Z", "1979-05-27 07:32:00.123456789+05:30", "1979-05-27T00:32:00.5-07:00",
              "1979-05-27T07:32:00", "1979-05-27t07:32:00z", "2000-02-29", "2024-02-29", "07:32:00",
              "00:00:00.999999999", "0001-01-01", "9999-12-31T23:59:59.999999Z", "1979-05-27T07:32:00-00:00"],
    "bools": ["true", "false"],
    "chars": ["a", "Z", " ", "é", "😀", "\\n", "\\t", "\\\\", "\\\"", "\\u00e9", "\\U0001F600", "\t", "#", "'", "=", "[", "}", "ß"],
}


def string(rng, strict=False):
    body = "".join(rng.choice(VALID["chars"] if strict else CHARS) for _ in range(rng.randint(0, 6)))
    kind = rng.random()
    if kind < 0.5:
        return '"' + body + '"'
    if kind < 0.7:
        return "'" + body.replace("'", "") + "'"
    if kind < 0.85:
        nl = rng.choice(["\n", "", "\\\n   ", "\\  \n", '"', '""'])
        return '"""' + nl + body + rng.choice(["", "\n", '"', '""', "\\\n"]) + '"""'
    return "'''" + rng.choice(["\n", ""]) + body + rng.choice(["", "'", "''", "\n"]) + "'''"


def value(rng, depth=0, strict=False):
    kind = rng.random()
    if depth < 3 and kind < 0.12:
        sep = rng.choice([", ", ",", " ,\n  ", ",\n# c\n", ", # c\n"])
        items = sep.join(value(rng, depth + 1, strict) for _ in range(rng.randint(0, 3)))
        end = rng.choice(["", " ", "\n"] if strict or not items else ["", ",", " ", "\n", ",\n"])
        return "[" + rng.choice(["", " ", "\n"]) + items + end + "]"
    if depth < 3 and kind < 0.22:
        keys = [key(rng, strict) for _ in range(rng.randint(0, 3))]
        if strict:
            keys = [f"{k}{i}" for i, k in enumerate(keys)]
        items = rng.choice([", ", ","]).join(f"{k} = {value(rng, depth + 1, strict)}" for k in keys)
        return "{" + rng.choice(["", " "]) + items + rng.choice(["", " "] if strict else ["", " ", ","]) + "}"
    if kind < 0.45:
        return string(rng, strict)
    if strict:
        return rng.choice(VALID[rng.choice(["ints", "floats", "dates", "bools"])])
    return rng.choice(rng.choice([INTS, FLOATS, DATES, BOOLS]))


def key(rng, strict=False):
    pool = KEYS[:-3] if strict else KEYS
    parts = [rng.choice(pool) for _ in range(rng.choice([1, 1, 1, 2, 2, 3]))]
    return rng.choice([".", " . ", ". "]).join(parts)


def valid_document(rng):
    """Mostly valid: unique bare keys per section, accepted lexical forms."""
    lines, n = [], 0
    for _ in range(rng.randint(1, 10)):
        r = rng.random()
        n += 1
        if r < 0.6:
            suffix = rng.choice(["", ".sub", '."q"'])
            lines.append(rng.choice(["", " "]) + f"k{n}{suffix} = {value(rng, strict=True)}" + rng.choice(["", " # comment"]))
        elif r < 0.75:
            lines.append("[t" + str(n) + rng.choice(["", ".inner", '."é"']) + "]")
        elif r < 0.9:
            lines.append(f"[[arr{rng.randint(0, 2)}]]")
        else:
            lines.append(rng.choice(["# comment", ""]))
    ending = "\r\n" if rng.random() < 0.15 else "\n"
    return (ending.join(lines) + ending).encode()


def document(rng):
    lines = []
    for _ in range(rng.randint(1, 8)):
        r = rng.random()
        if r < 0.55:
            lines.append(rng.choice(["", " ", "\t"]) + f"{key(rng)}{rng.choice([' = ', '=', ' =  '])}{value(rng)}"
                         + rng.choice(["", "", " # comment", "#", " "]))
        elif r < 0.7:
            lines.append(rng.choice(["[", "[ "]) + key(rng) + rng.choice(["]", " ]"]) + rng.choice(["", " # t"]))
        elif r < 0.8:
            lines.append("[[" + key(rng) + "]]")
        elif r < 0.9:
            lines.append(rng.choice(["# comment", "", "   ", "# é 😀"]))
        else:
            lines.append(f"{rng.choice(['a', 'b', 'x'])} = {value(rng)}")
    ending = "\r\n" if rng.random() < 0.15 else "\n"
    return (ending.join(lines) + rng.choice([ending, ""])).encode()


# Corners of the TOML 1.0 specification, each a whole document.
TRICKY = [
    '[fruit]\napple.color = "red"\napple.taste.sweet = true\n[fruit.apple.texture]\nsmooth = true\n',
    '[fruit]\napple.color = "red"\n[fruit.apple]\n', '[fruit]\napple.taste.sweet = true\n[fruit.apple.taste]\n',
    '[x.y.z.w]\n[x]\n', '[a]\nb = 1\n[a.b]\n',
    '[[fruits]]\nname = "apple"\n[fruits.physical]\ncolor = "red"\n[[fruits.varieties]]\nname = "red delicious"\n'
    '[[fruits]]\nname = "banana"\n[[fruits.varieties]]\nname = "plantain"\n',
    '[fruit.physical]\ncolor = "red"\n[[fruit]]\n', 'fruits = []\n[[fruits]]\n',
    '[[fruits]]\nname = "apple"\n[[fruits.varieties]]\nname = "red"\n[fruits.varieties]\nname = "granny"\n',
    '[[fruits]]\nname = "apple"\n[fruits.physical]\ncolor = "red"\n[fruits.physical]\nshape = "round"\n',
    '[product]\ntype = { name = "Nail" }\ntype.edible = false\n', '[product]\ntype.name = "Nail"\ntype = { edible = false }\n',
    'a = {b = 1}\n[a.c]\n', 'a = [{b = 1}]\n[[a]]\n', 'a = [{b = 1}]\n[a.c]\n', 'a.b.c = 1\na.b.d = 2\na.e = 3\n',
    'a.b = 1\na.b.c = 2\n', 'a = 1\na.b = 2\n', '"a".b = 1\na."b" = 2\n', 'a."b.c" = 1\n"a"."b.c" = 2\n',
    '"" = 1\n', "'' = 1\n", '= 1\n', 'a.  b  .c = 1\n', 'a. = 1\n', '.a = 1\n', 'a..b = 1\n', '[a.]\n', '[]\n', '[[]]\n',
    '[ a ]\n', '[ [a] ]\n', '[[a] ]\n', '[a]]\n', '[a] b = 1\n', '[a] # c\n', 'a = 1 b = 2\n', 'a = 1,\n',
    's = """\\\n\n  \\\n  x"""\n', 's = """a\\   \n  b"""\n', 's = """a\\   b"""\n', 's = """\n"""\n', "s = '''\n'''\n",
    's = """""""\n', 's = """"""""\n', 's = """a""""\n', "s = ''''''''\n", "s = '''a'''''\n", "s = '''a''''''\n",
    's = "\\u0000"\n', 's = "\\uDFFF"\n', 's = "\\U0010FFFF"\n', 's = "\\U00110000"\n', 's = "\\u00E9"\n', 's = "\\u00e"\n',
    's = "a\tb"\n', "s = 'a\tb'\n", 's = "\x7f"\n', 's = """a\rb"""\n', 'a = 1\r\n', 'a = 1\r', '# c\r\n', '# c\r',
    'a = [1,2,]\n', 'a = [,]\n', 'a = [1,,2]\n', 'a = [\n1,\n# c\n2, # d\n]\n', 'a = [1 2]\n', 'a = [[1], ["x"], {}]\n',
    't = {}\n', 't = { }\n', 't = {a=1 , b=2}\n', 't = {\na = 1}\n', 't = {a = 1\n}\n', 't = {a = [\n1]}\n', 't = {a.b = 1, a = 2}\n',
    't = {a = 1, b.c = 2, b.d = 3}\n', 't = {a = {}, a.b = 1}\n',
    'i = +0\ni2 = -0\n', 'i = 0_0\n', 'i = 1_2_3\n', 'i = 0xABCDEF\n', 'i = 0x7FFFFFFFFFFFFFFF\n', 'i = 0x8000000000000000\n',
    'i = -0x1\n', 'i = 0o\n', 'i = 0b_1\n', 'i = 1__2\n', 'f = 0.0e0\n', 'f = 1e+_1\n', 'f = 1_.0\n', 'f = 1._0\n',
    'f = -inf\nn = +nan\n', 'f = infinity\n', 'f = -0e0\n', 'f = 9007199254740993.0\n', 'f = 1e308\ng = 1e309\n',
    'd = 1987-07-05T17:45:00Z\n', 'd = 1987-07-05 17:45:00\n', 'd = 1987-07-05T17:45:00.1z\n', 'd = 1987-07-05T17:45\n',
    'd = 17:45:00.1234567\n', 'd = 17:45\n', 'd = 1987-07-05T17:45:00+01:00\n', 'd = 1987-07-05T17:45:00+0100\n',
    'd = 1987-07-05T17:45:00Z ', 'd = 1987-07-05 # date\n', 'd = 1987-07-05  17:45:00\n', 'd = 2100-02-29\n', 'd = 2000-02-30\n',
    'b = true\nc = false\n', 'b = truefalse\n', 'b = tru\n', 'é = 1\n', '"é" = 1\n"e\u0301" = 2\n', '"é" = 1\n"\\u00e9" = 2\n',
    '\ufeffa = 1\n', 'a = 1\n\n\n\n', '\n', '', ' ', '#', 'a', 'a =', 'a = ', '[a', '[[a]', 'a = "x',
]


INTERESTING = [b"[", b"]", b"{", b"}", b"=", b'"', b"'", b".", b",", b"#", b"\n", b"\r", b"\r\n", b"\t", b" ",
               b"\\", b"0", b"_", b"\x00", b"\xff", b"\xc3", b"\xed\xa0\x80", b"\x7f", b"e", b"+", b"-", b":",
               b"T", b"Z", b"x", b"1", b'"""', b"'''", b"[[", b"\\u"]


def mutate(rng, data):
    data = bytearray(data)
    for _ in range(rng.randint(1, 3)):
        op = rng.randrange(6)
        at = rng.randint(0, len(data))
        if op == 0 and data:
            del data[min(at, len(data) - 1)]
        elif op == 1:
            data[at:at] = rng.choice(INTERESTING)
        elif op == 2 and data:
            data[min(at, len(data) - 1)] = rng.randrange(256) if rng.random() < 0.3 else rng.choice(INTERESTING)[0]
        elif op == 3:
            lines = bytes(data).split(b"\n")
            i = rng.randrange(len(lines))
            lines.insert(i, lines[i])
            data = bytearray(b"\n".join(lines))
        elif op == 4:
            lines = bytes(data).split(b"\n")
            if len(lines) > 1:
                del lines[rng.randrange(len(lines))]
            data = bytearray(b"\n".join(lines))
        else:
            data = data[:at]
    return bytes(data)


def canonical(v):
    if isinstance(v, bool):
        return ["b", v]
    if isinstance(v, int):
        if not -2**63 <= v < 2**63:
            raise OverflowError
        return ["i", str(v)]
    if isinstance(v, float):
        return ["f", "nan" if v != v else struct.pack(">d", v).hex()]
    if isinstance(v, str):
        return ["s", v]
    if isinstance(v, datetime.datetime):
        return ["odt" if v.tzinfo else "ldt", v.isoformat()]
    if isinstance(v, datetime.date):
        return ["ld", v.isoformat()]
    if isinstance(v, datetime.time):
        return ["lt", v.isoformat()]
    if isinstance(v, list):
        return ["a", [canonical(x) for x in v]]
    return ["t", {k: canonical(x) for k, x in v.items()}]


def verdict(data):
    try:
        # TOML allows a UTF-8 byte-order mark before the text; tomllib does not.
        tree = canonical(tomllib.loads(data.removeprefix(b"\xef\xbb\xbf").decode("utf-8")))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError, OverflowError):
        return None
    return json.dumps(tree, sort_keys=True, ensure_ascii=True, separators=(",", ":"))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument("--out", default=OUT)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    seeds = []
    for pattern in ["examples/*.toml", "board/profiles/*.toml", "Tests/KioskRuntimeTests/BadFiles/*.toml"]:
        for path in sorted(glob.glob(os.path.join(ROOT, pattern))):
            with open(path, "rb") as f:
                seeds.append((os.path.relpath(path, ROOT), f.read()))
    seeds += [(f"tricky-{i}", t.encode()) for i, t in enumerate(TRICKY)]
    documents = list(seeds)
    generated = []
    for i in range(args.count // 2):
        data = valid_document(rng) if i % 2 else document(rng)
        generated.append(data)
        documents.append((f"generated-{i}", data))
    bases = [d for _, d in seeds] + generated
    while len(documents) < args.count + len(seeds):
        i = len(documents)
        documents.append((f"mutated-{i}", mutate(rng, rng.choice(bases))))
    accepted = 0
    with open(args.out, "w") as out:
        for name, data in documents:
            expected = verdict(data)
            accepted += expected is not None
            out.write(json.dumps({"name": name, "toml": base64.b64encode(data).decode(), "expected": expected},
                                 separators=(",", ":")) + "\n")
    print(f"{len(documents)} documents, {accepted} accepted by tomllib, {len(documents) - accepted} rejected -> {args.out}")


if __name__ == "__main__":
    main()
