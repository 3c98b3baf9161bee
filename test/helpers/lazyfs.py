"""A FUSE filesystem that loses what was not fsynced, as a power cut would.

Usage: /usr/bin/python3 lazyfs.py BACKING_DIR MOUNT_POINT (foreground, as
root; needs /dev/fuse and Debian's fuse3 and python3-fusepy, which is built for
Debian's python3; test/helpers/lazy-mount.ts checks for them and mounts it).
File data written through the mount is kept in this process's memory, page
by page, and reaches BACKING_DIR only when the file is fsynced (fsync or
fdatasync); close does not persist it. Killing this process with
SIGKILL therefore drops every unsynced write, and a new mount over the same
BACKING_DIR shows the files as a machine would after a power cut. Metadata
(create, rename, unlink, mkdir) is passed through at once, as on a journaling
filesystem that orders it: the simplification against LazyFS.

Used by test/events/kill-9-consistency.test.ts for its power-cut run.
"""
import errno
import os
import sys
import threading

# Debian's fusepy, also for another python3 (pyenv's) run by hand.
sys.path.append('/usr/lib/python3/dist-packages')
from fusepy import FUSE, FuseOSError, Operations  # noqa: E402

PAGE = 4096


class LazyFS(Operations):
    def __init__(self, root):
        self.root = root
        self._mutex = threading.Lock()
        # path -> {'size': logical size, 'pages': {index: bytearray(PAGE)}}
        self.dirty = {}

    def _b(self, path):
        return os.path.join(self.root, path.lstrip('/'))

    def _page(self, path, index):
        entry = self.dirty.get(path)
        if entry is not None and index in entry['pages']:
            return entry['pages'][index]
        buf = bytearray(PAGE)
        try:
            with open(self._b(path), 'rb') as f:
                f.seek(index * PAGE)
                data = f.read(PAGE)
            buf[:len(data)] = data
        except FileNotFoundError:
            pass
        return buf

    def _size(self, path):
        entry = self.dirty.get(path)
        return entry['size'] if entry is not None else os.lstat(self._b(path)).st_size

    def _entry(self, path):
        entry = self.dirty.get(path)
        if entry is None:
            entry = self.dirty[path] = {'size': os.lstat(self._b(path)).st_size, 'pages': {}}
        return entry

    # Metadata: passed through.
    def getattr(self, path, fh=None):
        with self._mutex:
            st = os.lstat(self._b(path))
            attrs = {k: getattr(st, k) for k in ('st_atime', 'st_ctime', 'st_gid', 'st_mode', 'st_mtime', 'st_nlink', 'st_size', 'st_uid')}
            if path in self.dirty:
                attrs['st_size'] = self.dirty[path]['size']
            return attrs

    def readdir(self, path, fh):
        return ['.', '..'] + os.listdir(self._b(path))

    def access(self, path, mode):
        if not os.access(self._b(path), mode):
            raise FuseOSError(errno.EACCES)

    def chmod(self, path, mode):
        os.chmod(self._b(path), mode)

    def chown(self, path, uid, gid):
        os.chown(self._b(path), uid, gid)

    def utimens(self, path, times=None):
        os.utime(self._b(path), times)

    def mkdir(self, path, mode):
        os.mkdir(self._b(path), mode)

    def rmdir(self, path):
        os.rmdir(self._b(path))

    def statfs(self, path):
        st = os.statvfs(self._b(path))
        return {k: getattr(st, k) for k in ('f_bavail', 'f_bfree', 'f_blocks', 'f_bsize', 'f_favail', 'f_ffree', 'f_files', 'f_flag', 'f_frsize', 'f_namemax')}

    def unlink(self, path):
        with self._mutex:
            os.unlink(self._b(path))
            self.dirty.pop(path, None)

    def rename(self, old, new):
        with self._mutex:
            os.rename(self._b(old), self._b(new))
            if old in self.dirty:
                self.dirty[new] = self.dirty.pop(old)
            else:
                self.dirty.pop(new, None)

    def open(self, path, flags):
        return 0

    def create(self, path, mode, fi=None):
        with self._mutex:
            os.close(os.open(self._b(path), os.O_WRONLY | os.O_CREAT, mode))
            return 0

    def release(self, path, fh):
        return 0

    def flush(self, path, fh):
        return 0  # close persists nothing

    # Data: kept in memory until fsync.
    def read(self, path, size, offset, fh):
        with self._mutex:
            end = min(offset + size, self._size(path))
            out = bytearray()
            pos = offset
            while pos < end:
                index, start = divmod(pos, PAGE)
                take = min(PAGE - start, end - pos)
                out += self._page(path, index)[start:start + take]
                pos += take
            return bytes(out)

    def write(self, path, data, offset, fh):
        with self._mutex:
            entry = self._entry(path)
            pos = 0
            while pos < len(data):
                index, start = divmod(offset + pos, PAGE)
                take = min(PAGE - start, len(data) - pos)
                page = self._page(path, index)
                page[start:start + take] = data[pos:pos + take]
                entry['pages'][index] = page
                pos += take
            entry['size'] = max(entry['size'], offset + len(data))
            return len(data)

    def truncate(self, path, length, fh=None):
        with self._mutex:
            entry = self._entry(path)
            for index in [i for i in entry['pages'] if i * PAGE >= length]:
                del entry['pages'][index]
            last, cut = divmod(length, PAGE)
            if cut and (last in entry['pages'] or length < entry['size']):
                page = self._page(path, last)
                page[cut:] = bytes(PAGE - cut)
                entry['pages'][last] = page
            entry['size'] = length

    def fsync(self, path, datasync, fh):
        with self._mutex:
            entry = self.dirty.pop(path, None)
            fd = os.open(self._b(path), os.O_RDWR)
            try:
                if entry is not None:
                    for index, page in sorted(entry['pages'].items()):
                        start = index * PAGE
                        if start < entry['size']:
                            os.pwrite(fd, bytes(page[:min(PAGE, entry['size'] - start)]), start)
                    os.ftruncate(fd, entry['size'])
                os.fsync(fd)
            finally:
                os.close(fd)
            return 0

    def fsyncdir(self, path, datasync, fh):
        return 0


if __name__ == '__main__':
    FUSE(LazyFS(sys.argv[1]), sys.argv[2], foreground=True, nothreads=False)
