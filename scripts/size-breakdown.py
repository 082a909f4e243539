#!/usr/bin/env python3
"""What each archive and module puts into a linked binary, from the linker's map
(`-Xlinker -Map=FILE`): the allocated input sections summed per archive
(libFoundationEssentials.a, libswiftCore.a, ...) and per package module (the .build objects). Sections the linker makes itself (relocations, .eh_frame_hdr, the dynamic symbol
table) belong to no input and are the difference to the stripped file's size.

Usage: size-breakdown.py MAP      prints "breakdown mb=N.NN PART" lines, largest first
"""
import collections
import re
import sys

NOT_LOADED = (".debug", ".comment", ".gnu_debug", ".symtab", ".strtab", ".shstrtab")


def owner(path):
    archive = re.search(r"/([^/]+\.a)\(", path)
    if archive:
        return archive.group(1)
    module = re.search(r"/release/([^/]+)\.build/", path)
    if module:
        return "module " + module.group(1)
    return path.rsplit("/", 1)[-1]


def breakdown(lines):
    """Bytes per owner of the input sections placed in loaded output sections."""
    sizes = collections.Counter()
    output = None
    pending = False
    started = False
    for line in lines:
        line = line.rstrip("\n")
        if line.startswith(("Memory map", "Linker script and memory map")):
            started = True
            continue
        if not started or not line:
            continue
        if not line.startswith(" "):
            output = line.split()[0]
            continue
        if output is None or output.startswith(NOT_LOADED):
            continue
        whole = re.match(r"^ \S+\s+0x[0-9a-f]+\s+0x([0-9a-f]+)\s+(\S.*)$", line)
        if whole:
            sizes[owner(whole.group(2))] += int(whole.group(1), 16)
            pending = False
        elif re.match(r"^ \S+$", line):
            pending = True  # a long section name; its address, size and file follow
        elif pending:
            rest = re.match(r"^\s+0x[0-9a-f]+\s+0x([0-9a-f]+)\s+(\S.*)$", line)
            if rest:
                sizes[owner(rest.group(2))] += int(rest.group(1), 16)
            pending = False
    return sizes


def breakdown_lld(lines):
    """The same from lld's map: "VMA LMA Size Align" columns, an output section at the
    first indentation, its input sections ("FILE:(SECTION)") at the second."""
    sizes = collections.Counter()
    output = None
    for line in lines:
        row = re.match(r"^\s*[0-9a-f]+\s+[0-9a-f]+\s+([0-9a-f]+)\s+\d+ (\s*)(\S.*)$", line)
        if not row:
            continue
        depth, name = len(row.group(2)), row.group(3)
        if depth == 0:
            output = name
        elif depth == 8 and not output.startswith(NOT_LOADED) and not name.startswith("<internal>"):
            sizes[owner(name.rsplit(":(", 1)[0] + "(")] += int(row.group(1), 16)
    return sizes


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__.strip().splitlines()[-1])
    with open(sys.argv[1], errors="replace") as lines:
        first = lines.readline()
        lines.seek(0)
        sizes = breakdown_lld(lines) if first.split()[:3] == ["VMA", "LMA", "Size"] else breakdown(lines)
    for part, size in sizes.most_common():
        if size >= 10 * 1024:
            print(f"breakdown mb={size / 1048576:.2f} {part}")
    print(f"breakdown mb={sum(sizes.values()) / 1048576:.2f} (all inputs)")


if __name__ == "__main__":
    main()
