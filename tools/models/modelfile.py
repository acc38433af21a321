"""Writer and reader for the project's model container (format: Models/README.md).

Little-endian throughout:
    magic   8 bytes  b"FDMODEL\\0"
    version u32      1
    kind    4 bytes  ASCII tag naming what the tensors describe, e.g. b"HAAR", b"MTCN"
    count   u32      number of tensors
    then `count` tensors, each:
        name_len u16, name (UTF-8), dtype u8 (0 = f32, 1 = i32, 2 = u8, 3 = f16),
        rank u8, dims u32 * rank, zero padding to a multiple of 4 bytes (counted from the
        start of the file), then prod(dims) elements.
    then a u32 CRC-32 of everything before it.
"""
import os
import struct
import zlib

import numpy as np

MAGIC = b"FDMODEL\0"
VERSION = 1
DTYPES = {np.dtype("<f4"): 0, np.dtype("<i4"): 1, np.dtype("u1"): 2, np.dtype("<f2"): 3}
CODES = {v: k for k, v in DTYPES.items()}


def write(path, kind, tensors):
    """Writes `tensors` (an ordered dict name -> numpy array) as a model of `kind` (4 ASCII chars)."""
    assert len(kind) == 4
    out = bytearray(MAGIC + struct.pack("<I", VERSION) + kind.encode("ascii") + struct.pack("<I", len(tensors)))
    for name, arr in tensors.items():
        arr = np.ascontiguousarray(arr)
        dt = arr.dtype.newbyteorder("<") if arr.dtype.byteorder == ">" else arr.dtype
        if dt == np.dtype("f8"):
            arr, dt = arr.astype("<f4"), np.dtype("<f4")
        if dt == np.dtype("i8"):
            assert np.all(np.abs(arr) < 2**31)
            arr, dt = arr.astype("<i4"), np.dtype("<i4")
        code = DTYPES[np.dtype(dt)]
        nb = name.encode("utf-8")
        out += struct.pack("<H", len(nb)) + nb + struct.pack("<BB", code, arr.ndim)
        out += b"".join(struct.pack("<I", d) for d in arr.shape)
        out += b"\0" * (-len(out) % 4)
        out += arr.astype(CODES[code]).tobytes()
    out += struct.pack("<I", zlib.crc32(out) & 0xFFFFFFFF)
    with open(path, "wb") as f:
        f.write(out)


def read(path):
    """Returns (kind, dict name -> numpy array); checks magic, version and CRC."""
    data = open(path, "rb").read()
    assert data[:8] == MAGIC, "bad magic"
    assert struct.unpack_from("<I", data, len(data) - 4)[0] == zlib.crc32(data[:-4]) & 0xFFFFFFFF, "bad CRC"
    version, = struct.unpack_from("<I", data, 8)
    assert version == VERSION
    kind = data[12:16].decode("ascii")
    count, = struct.unpack_from("<I", data, 16)
    pos, tensors = 20, {}
    for _ in range(count):
        n, = struct.unpack_from("<H", data, pos); pos += 2
        name = data[pos:pos + n].decode("utf-8"); pos += n
        code, rank = struct.unpack_from("<BB", data, pos); pos += 2
        dims = struct.unpack_from("<" + "I" * rank, data, pos); pos += 4 * rank
        pos += -pos % 4
        dt = CODES[code]
        size = int(np.prod(dims)) if rank else 1
        tensors[name] = np.frombuffer(data, dt, size, pos).reshape(dims); pos += size * dt.itemsize
    return kind, tensors


def write_golden(folder, tensors):
    """Writes `tensors` as the golden file Fixtures/FOLDER/golden.fdm (kind GOLD) of this checkout,
    creating the folder, and prints its path and size; returns the path."""
    out = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "Fixtures", folder, "golden.fdm")
    os.makedirs(os.path.dirname(out), exist_ok=True)
    write(out, "GOLD", tensors)
    print(out, os.path.getsize(out), "bytes")
    return out
