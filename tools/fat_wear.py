"""Flash wear of the game's saves on CircuitPython's CIRCUITPY drive: a model.

    python -m tools.fat_wear            # erases per move, before and after

The storage code (hal/storage.py FileStorage, hal/slot_storage.py
SlotFileStorage) runs unchanged against `Model.os` and `Model.open`, which
do to a modelled volume what CircuitPython does to the real one, and count
the flash erases. Assumptions, each from the source named (CircuitPython
10.0.0, github:adafruit/circuitpython):

- Flash: 512-byte sectors, 4 KB erase blocks, no wear levelling. The flash
  layer keeps ONE block in RAM: a write into another block, any read, and
  every sync erase and program the cached block
  (ports/raspberrypi/supervisor/internal_flash.c; boards with SPI flash keep
  a similar cache).
- CIRCUITPY is made by FatFs f_mkfs(FM_FAT, au=0) (supervisor/shared/
  filesystem.c, lib/oofatfs/ff.c): one FAT, 1 reserved sector, 512 root
  entries, no alignment (extmod/vfs_fat_diskio.c: GET_BLOCK_SIZE is 1);
  FAT12 with 512-byte clusters for a 1 MB drive (a 2 MB-flash RP2040),
  1 KB clusters from 2 MB, FAT16 above 4085 clusters (an 8 MB Feather
  RP2040's 7 MB drive).
- FatFs with FF_FS_TINY (lib/oofatfs/ffconf.h): one sector window for FAT,
  directory and partial data sectors; moving it writes back a dirty sector
  and reads the new one. Whole data sectors go straight to the disk. Every
  call that changes the volume ends with a sync (f_sync at flush/close,
  f_unlink, f_rename, f_mkdir); a closed file's directory entry is always
  rewritten (size, time).
- os.rename onto an existing name: f_rename refuses (FR_EXIST), then f_unlink
  and f_rename again (extmod/vfs_fat.c). CircuitPython has os.sync, no
  os.fsync.
- Clusters are allocated from the last one allocated (create_chain); a
  name longer than 8.3 takes one long-name entry per 13 characters;
  directories here fit in one cluster.
"""

import sys

SECTOR = 512
BLOCK_SECTORS = 8  # 4 KB erase blocks
CYCLES = 100000  # erase cycles a NOR flash block is rated for
COPIES = 4  # hal/slot_storage.py's, for the warm-up: every copy made


class Flash:
    """Erase counts per 4 KB block, behind CircuitPython's one-block cache."""

    def __init__(self):
        self.erases = {}
        self.cached = None

    def _flush(self):
        if self.cached is not None:
            self.erases[self.cached] = self.erases.get(self.cached, 0) + 1
            self.cached = None

    def write(self, sector):
        block = sector // BLOCK_SECTORS
        if self.cached != block:
            self._flush()
            self.cached = block

    def read(self, sector):
        self._flush()  # internal_flash.c never reads from its cache

    def sync(self):
        self._flush()

    def total(self):
        return sum(self.erases.values())


def layout(volume_bytes):
    """FatFs f_mkfs's FAT12/16 layout: (csize, fat_bits, fat0, root0, data0, clusters)."""
    sectors = volume_bytes // SECTOR
    n = sectors // 4096
    csize = 1
    for bound in (1, 4, 16, 64, 256, 512):
        if bound > n:
            break
        csize *= 2
    while True:
        clusters = sectors // csize
        bits = 16 if clusters > 4085 else 12
        fat_bytes = clusters * 2 + 4 if bits == 16 else (clusters * 3 + 1) // 2 + 3
        fat_sectors = (fat_bytes + SECTOR - 1) // SECTOR
        root0 = 1 + fat_sectors
        data0 = root0 + 512 * 32 // SECTOR
        clusters = (sectors - data0) // csize
        if bits == 16 and clusters <= 4085:
            csize *= 2  # too few clusters for FAT16: f_mkfs retries larger
            continue
        return csize, bits, 1, root0, data0, clusters


class Node:
    def __init__(self, name, is_dir, parent, slot, slots):
        self.name = name
        self.is_dir = is_dir
        self.parent = parent
        self.slot = slot  # index of its first directory entry in the parent
        self.slots = slots  # entries it takes (long name + short)
        self.clusters = []
        self.size = 0
        self.children = {}


def entries_for(name):
    short = name.split(".")
    if len(short) <= 2 and 1 <= len(short[0]) <= 8 and (len(short) == 1 or len(short[1]) <= 3) \
            and name == name.lower():
        return 1
    return 1 + (len(name) + 12) // 13


class Model:
    """A CIRCUITPY volume of `volume_bytes`: `os` and `open` for the storage code."""

    def __init__(self, volume_bytes):
        self.csize, self.bits, self.fat0, self.root0, self.data0, self.nclusters = \
            layout(volume_bytes)
        self.flash = Flash()
        self.fat = [0] * (self.nclusters + 2)
        self.last = 1
        self.win = None
        self.dirty = False
        self.root = Node("", True, None, 0, 0)
        self.os = _Os(self)

    # FatFs's window and sync ----------------------------------------------------
    def move(self, sector):
        if self.win != sector:
            self.sync_window()
            self.flash.read(sector)
            self.win = sector

    def touch(self, sector):
        self.move(sector)
        self.dirty = True

    def sync_window(self):
        if self.dirty:
            self.flash.write(self.win)
            self.dirty = False

    def sync_fs(self):
        self.sync_window()
        self.flash.sync()

    # The FAT ----------------------------------------------------------------------
    def fat_sectors(self, c):
        if self.bits == 16:
            return [self.fat0 + c * 2 // SECTOR]
        first = self.fat0 + (c + c // 2) // SECTOR
        last = self.fat0 + (c + c // 2 + 1) // SECTOR
        return [first] if first == last else [first, last]

    def get_fat(self, c):
        for s in self.fat_sectors(c):
            self.move(s)
        return self.fat[c]

    def put_fat(self, c, value):
        for s in self.fat_sectors(c):
            self.touch(s)
        self.fat[c] = value

    def create_chain(self, prev):
        if prev:
            nxt = self.get_fat(prev)
            if 2 <= nxt < len(self.fat) - 1:
                return nxt  # followed already
        start = self.last
        c = start
        while True:
            c += 1
            if c >= len(self.fat):
                c = 2
            if self.get_fat(c) == 0:
                break
            if c == start:
                raise OSError(28, "volume full")
        self.put_fat(c, -1)
        if prev:
            self.put_fat(prev, c)
        self.last = c
        return c

    def remove_chain(self, clusters):
        for c in clusters:
            self.get_fat(c)
            self.put_fat(c, 0)

    def sector_of(self, cluster, index=0):
        return self.data0 + (cluster - 2) * self.csize + index

    # Directories --------------------------------------------------------------------
    def dir_sector(self, d, slot):
        if d is self.root:
            return self.root0 + slot * 32 // SECTOR
        return self.sector_of(d.clusters[0], slot * 32 // SECTOR)

    def find(self, path):
        """follow_path: reads each directory's sectors up to the entry."""
        node = self.root
        for part in [p for p in path.split("/") if p]:
            child = node.children.get(part)
            last = child.slot if child else self.used_slots(node)
            for i in range(0, last + 1, SECTOR // 32):
                self.move(self.dir_sector(node, i))
            self.move(self.dir_sector(node, last))
            if child is None:
                return node, part, None
            node = child
        return node.parent, node.name, node

    def used_slots(self, d):
        return max([c.slot + c.slots for c in d.children.values()] + [2 if d.parent else 0])

    def register(self, parent, name, is_dir):
        n = entries_for(name)
        taken = set()
        for c in parent.children.values():
            taken.update(range(c.slot, c.slot + c.slots))
        slot = 2 if parent is not self.root else 0
        while any(s in taken for s in range(slot, slot + n)):
            slot += 1
        node = Node(name, is_dir, parent, slot, n)
        parent.children[name] = node
        self.touch(self.dir_sector(parent, slot + n - 1))
        return node

    def unregister(self, node):
        self.touch(self.dir_sector(node.parent, node.slot + node.slots - 1))
        del node.parent.children[node.name]

    # What the os module and files do -------------------------------------------------
    def open(self, path, mode="r"):
        return _File(self, path, mode)

    def mkdir(self, path):
        parent, name, node = self.find(path)
        if node is not None:
            raise OSError(17, "exists")
        c = self.create_chain(0)
        self.sync_window()
        for i in range(self.csize):  # dir_clear
            self.flash.write(self.sector_of(c, i))
        node = self.register(parent, name, True)
        node.clusters = [c]
        self.sync_fs()

    def unlink(self, path):
        parent, name, node = self.find(path)
        if node is None:
            raise OSError(2, "no such file")
        self.unregister(node)
        self.remove_chain(node.clusters)
        self.sync_fs()

    def rename(self, old, new):
        _, _, node = self.find(old)
        if node is None:
            raise OSError(2, "no such file")
        parent, name, there = self.find(new)
        if there is not None:  # FR_EXIST: extmod/vfs_fat.c removes it, tries again
            self.unlink(new)
            self.find(old)
            parent, name, _ = self.find(new)
        moved = self.register(parent, name, node.is_dir)
        moved.clusters, moved.size = node.clusters, node.size
        self.unregister(node)
        self.sync_fs()


class _File:
    """A FatFs file (FF_FS_TINY): f_open, f_write, f_read, f_lseek, f_sync."""

    def __init__(self, model, path, mode):
        self.m = model
        parent, name, node = model.find(path)
        self.writable = "w" in mode or "+" in mode
        self.modified = False
        if "w" in mode:
            if node is None:
                node = model.register(parent, name, False)
            else:
                model.touch(model.dir_sector(parent, node.slot + node.slots - 1))
                if node.clusters:
                    here = model.win
                    model.remove_chain(node.clusters)
                    model.move(here)
                    model.last = node.clusters[0] - 1
                node.clusters, node.size = [], 0
            self.modified = True
        elif node is None:
            raise OSError(2, "no such file")
        self.node = node
        self.dir_sect = model.dir_sector(node.parent, node.slot + node.slots - 1)
        self.pos = 0

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def _cluster_at(self, index):
        """The file's index-th cluster, following or stretching the chain."""
        m, cl = self.m, self.node.clusters
        if index == 0:
            if not cl:
                cl.append(m.create_chain(0))
            return cl[0]
        c = m.create_chain(cl[index - 1]) if self.writable else m.get_fat(cl[index - 1])
        if len(cl) == index:
            cl.append(c)
        return c

    def seek(self, pos, whence=0):
        m = self.m
        bcs = m.csize * SECTOR
        pos = {0: pos, 1: self.pos + pos, 2: self.node.size + pos}[whence]
        if pos > 0 and (self.pos == 0 or (pos - 1) // bcs < (self.pos - 1) // bcs):
            for i in range(1, (pos - 1) // bcs + 1):  # walked from the first cluster
                self._cluster_at(i)
        elif pos > 0:
            for i in range((self.pos - 1) // bcs + 1, (pos - 1) // bcs + 1):
                self._cluster_at(i)
        self.pos = pos
        return pos

    def write(self, data):
        m = self.m
        left = len(data)
        while left:
            sect_in_cl = self.pos // SECTOR % m.csize
            c = self._cluster_at(self.pos // (m.csize * SECTOR))
            sector = m.sector_of(c, sect_in_cl)
            if self.pos % SECTOR == 0 and left >= SECTOR:
                n = min(left // SECTOR, m.csize - sect_in_cl)
                for i in range(n):
                    m.flash.write(sector + i)
                if sector <= (m.win or -1) < sector + n:
                    m.dirty = False  # the window holds fresh data
                done = n * SECTOR
            else:
                if self.pos >= self.node.size and m.win != sector:
                    m.sync_window()  # the growing edge: no read
                    m.win = sector
                m.touch(sector)
                done = min(left, SECTOR - self.pos % SECTOR)
            self.pos += done
            left -= done
            self.node.size = max(self.node.size, self.pos)
        self.modified = True
        return len(data)

    def read(self, n=-1):
        m = self.m
        end = self.node.size if n < 0 else min(self.node.size, self.pos + n)
        start = self.pos
        while self.pos < end:
            c = self._cluster_at(self.pos // (m.csize * SECTOR))
            sector = m.sector_of(c, self.pos // SECTOR % m.csize)
            if self.pos % SECTOR == 0 and end - self.pos >= SECTOR:
                m.flash.read(sector)
            else:
                m.move(sector)
            self.pos = min(end, (self.pos // SECTOR + 1) * SECTOR)
        return bytes(self.pos - start)

    def flush(self):
        if self.modified:
            m = self.m
            m.touch(self.dir_sect)
            m.sync_fs()
            self.modified = False

    def close(self):
        self.flush()


class _Os:
    """The os functions the storage uses."""

    def __init__(self, model):
        self.m = model

    def mkdir(self, path):
        self.m.mkdir(path)

    def rename(self, old, new):
        self.m.rename(old, new)

    def remove(self, path):
        self.m.unlink(path)

    def stat(self, path):
        _, _, node = self.m.find(path)
        if node is None:
            raise OSError(2, "no such file")
        return (0x4000 if node.is_dir else 0x8000, 0, 0, 0, 0, 0, node.size, 0, 0, 0)

    def listdir(self, path):
        _, _, node = self.m.find(path)
        return sorted(node.children)

    def sync(self):
        self.m.flash.sync()


def storage_on(model, cls, root="/tomo"):
    """A `cls` (FileStorage or a subclass) whose os and open are the model's."""
    import hal.slot_storage
    import hal.storage
    for mod in (hal.storage, hal.slot_storage):
        mod.open = model.open
    st = cls.__new__(cls)
    st._os = model.os
    st.root = root
    try:
        model.os.mkdir(root)
    except OSError:
        pass
    return st


def release():
    """Give hal.storage and hal.slot_storage their `open` back."""
    import hal.slot_storage
    import hal.storage
    for mod in (hal.storage, hal.slot_storage):
        mod.__dict__.pop("open", None)


def flashed_volume(volume_bytes, firmware_bytes):
    """A CIRCUITPY as ./tools/flash leaves it: the firmware's files first."""
    m = Model(volume_bytes)
    for name in ("boot_out.txt", "code.py", "boot.py", "tomo_board.txt"):
        with m.open("/" + name, "wb") as f:
            f.write(bytes(300))
    with m.open("/firmware.bin", "wb") as f:  # the packages, as one file
        f.write(bytes(firmware_bytes))
    return m


def wear(cls, volume_bytes=1 << 20, firmware_bytes=300 * 1024, save_bytes=200, moves=200):
    """Erases per move over `moves` saves (after each slot's first), with
    settings and statistics written as a game starts and ends."""
    m = flashed_volume(volume_bytes, firmware_bytes)
    st = storage_on(m, cls)
    try:
        st.write("settings.txt", bytes(120))
        st.write("stats.txt", bytes(200))
        for i in range(2 * COPIES):  # every file made: then the steady state
            st.write("game%d.sav" % (i % 2), bytes(save_bytes))
        m.flash.erases.clear()
        for i in range(moves):
            st.write("game%d.sav" % (i % 2), bytes(save_bytes))
        per_move = dict(m.flash.erases)
        m.flash.erases.clear()
        st.write("settings.txt", bytes(120))
        st.write("stats.txt", bytes(200))
        st.remove("game0.sav")
        st.remove("game1.sav")
        st.write("game0.sav", bytes(save_bytes))
        st.write("game1.sav", bytes(save_bytes))
        per_game = dict(m.flash.erases)
    finally:
        release()
    return {"moves": moves, "per_move": per_move, "per_game": per_game,
            "dir_block": m.dir_sector(m.root.children["tomo"], 0) // BLOCK_SECTORS}


def summary(result, moves_per_game=100):
    """Erases per move, the most on one block per move, and the games a
    block rated CYCLES lasts (a game: `moves_per_game` saves, plus settings,
    statistics and the slots cleared)."""
    moves = result["moves"]
    per_move = result["per_move"]
    per_game = result["per_game"]
    total = sum(per_move.values()) / moves
    hottest = max(per_move.values()) / moves
    worst = 0
    for block in set(per_move) | set(per_game):
        worst = max(worst, per_move.get(block, 0) * moves_per_game / moves
                    + per_game.get(block, 0))
    return {"erases_per_move": total, "hottest_block_per_move": hottest,
            "hottest_block_per_game": worst, "games": int(CYCLES / worst)}


def main(argv=None):
    from hal.slot_storage import SlotFileStorage
    from hal.storage import FileStorage
    print("CIRCUITPY erases per save (tools/fat_wear.py; %d-cycle blocks, "
          "100-move games)" % CYCLES)
    for size in (1 << 20, 2 << 20, 7 << 20):
        for cls in (FileStorage, SlotFileStorage):
            s = summary(wear(cls, size))
            print("%d MB %-16s %.1f erases a move, %.1f on the hottest block; "
                  "%.0f a game there: %d games"
                  % (size >> 20, cls.__name__, s["erases_per_move"],
                     s["hottest_block_per_move"], s["hottest_block_per_game"], s["games"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
