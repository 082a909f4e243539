#!/usr/bin/env python3
"""Makes the ICU data the static kiosk links: the toolchain's own ICU data package
(lib_FoundationICU.a's icu_packaged_data.cpp.o, 34 MB, most of the binary) without the
parts a kiosk never asks for, as an object defining __wrap_icudtNN_dat. Prints the
symbol, icudtNN_dat: linked with `-Xlinker OUT_O -Xlinker --wrap=SYMBOL`, ICU's one
reference to its data goes to the trimmed copy, and the archive's copy, no longer
referenced, stays out of the binary.

Kept: every locale's number, date, currency, unit and time-zone data, plural rules, the
names of languages and regions (a language menu), normalization and character properties:
what Foundation's formatting and `Locale` (the strings' plurals, `Text(_:format:)`,
currencies, dates, right-to-left) read. Dropped: collation (localized sorting), break
iterators (KioskText breaks lines with libunibreak and libthai), transliteration,
spelled-out numbers, legacy character-set converters (the kiosk reads UTF-8 only),
character names, confusables and stringprep profiles. An API that needs a dropped part
answers as for a locale ICU has no data for.

Usage: trim-icu-data.py OUT_O [LIB_FOUNDATIONICU_A]
       (default: the static lib_FoundationICU.a of the `swift` on PATH)
"""
import os
import struct
import subprocess
import sys
import tempfile

DROPPED_TREES = ("coll", "brkitr", "translit", "rbnf")
DROPPED_SUFFIXES = (".cnv", ".spp", ".cfu")
DROPPED_FILES = ("unames.icu",)
MEMBER = "icu_packaged_data.cpp.o"


def tool(*names):
    """The first of `names` on PATH or beside the Swift compiler (llvm-objcopy reads every
    architecture's objects)."""
    for name in names:
        for folder in os.environ.get("PATH", "").split(os.pathsep) + ["/opt/swift/usr/bin"]:
            path = os.path.join(folder, name)
            if os.access(path, os.X_OK):
                return path
    sys.exit(f"trim-icu-data: needs one of {', '.join(names)}")


def dropped(name):
    parts = name.split("/")[1:]  # after the package's own folder (icudt76l/)
    return (len(parts) > 1 and parts[0] in DROPPED_TREES) or name.endswith(DROPPED_SUFFIXES) \
        or parts[-1] in DROPPED_FILES


def trimmed(package):
    """The ICU common data package (its header, then a table of contents of name and data
    offsets, the names, and each item 16-byte aligned) with the dropped items left out."""
    header_size = struct.unpack_from("<H", package, 0)[0]
    if package[12:16] != b"CmnD":  # UDataInfo.dataFormat
        sys.exit("trim-icu-data: the archive's data is not an ICU common data package")
    count = struct.unpack_from("<I", package, header_size)[0]
    toc = [struct.unpack_from("<II", package, header_size + 4 + 8 * i) for i in range(count)]
    items = []
    for i, (name_offset, data_offset) in enumerate(toc):
        start = header_size + name_offset
        name = package[start:package.index(b"\0", start)]
        end = header_size + (toc[i + 1][1] if i + 1 < count else len(package) - header_size)
        if not dropped(name.decode()):
            items.append((name, package[header_size + data_offset:end]))

    def pad(data):
        return data + b"\0" * (-len(data) % 16)

    names = b""
    name_offsets = []
    table_size = 4 + 8 * len(items)
    for name, _ in items:
        name_offsets.append(table_size + len(names))
        names += name + b"\0"
    body = pad(struct.pack("<I", len(items)) + b"\0" * (8 * len(items)) + names)
    table = bytearray(body)
    for i, (_, data) in enumerate(items):
        struct.pack_into("<II", table, 4 + 8 * i, name_offsets[i], len(table))
        table += pad(data)
    return package[:header_size] + bytes(table)


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    output = sys.argv[1]
    if len(sys.argv) == 3:
        archive = sys.argv[2]
    else:
        swift = os.path.realpath(tool("swift"))
        archive = os.path.join(os.path.dirname(swift), "..", "lib", "swift_static", "linux", "lib_FoundationICU.a")
    objcopy = tool("llvm-objcopy")
    with tempfile.TemporaryDirectory() as work:
        member = os.path.join(work, MEMBER)
        with open(member, "wb") as out:
            subprocess.run(["ar", "p", archive, MEMBER], stdout=out, check=True)
        full = os.path.join(work, "full.dat")
        subprocess.run([objcopy, "-O", "binary", "--only-section=.rodata", member, full], check=True)
        with open(full, "rb") as f:
            package = f.read()
        small = os.path.join(work, "trimmed.dat")
        kept = trimmed(package)
        with open(small, "wb") as f:
            f.write(kept)
        # A new object holding only the data, under the archive's symbol for it, for the
        # archive's architecture.
        with open(member, "rb") as f:
            machine = struct.unpack_from("<H", f.read(20), 18)[0]
        formats = {62: "elf64-x86-64", 183: "elf64-littleaarch64"}
        if machine not in formats:
            sys.exit(f"trim-icu-data: {archive} is for ELF machine {machine}, not x86_64 or aarch64")
        symbol = subprocess.run([tool("llvm-nm"), "--defined-only", member], check=True,
                                capture_output=True, text=True).stdout.split()[-1]
        binary_symbol = "_binary_" + "".join(c if c.isalnum() else "_" for c in small) + "_start"
        subprocess.run([objcopy, "-I", "binary", "-O", formats[machine],
                        "--rename-section=.data=.rodata,alloc,load,readonly,data,contents",
                        "--set-section-alignment=.rodata=16", f"--redefine-sym={binary_symbol}=__wrap_{symbol}",
                        "--strip-symbol=" + binary_symbol.replace("_start", "_end"),
                        "--strip-symbol=" + binary_symbol.replace("_start", "_size"),
                        small, output], check=True)
    print(f"trim-icu-data: ICU data {len(package) / 1048576:.1f} MB -> {len(kept) / 1048576:.1f} MB", file=sys.stderr)
    print(symbol)


if __name__ == "__main__":
    main()
