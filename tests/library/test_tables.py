"""pueval.tables: what the command reads is bounded before it is trusted, and read from one file."""

import gzip
import io
import os
import threading
import types

import numpy as np
import pandas as pd
import pytest

from pueval import memory, tables
from pueval.tables import InputError, read_table

ROWS = b"score,labeled\n0.9,1\n0.2,0\n0.7,1\n0.1,0\n"


def _stdin(monkeypatch, data: bytes):
    monkeypatch.setattr("sys.stdin", types.SimpleNamespace(buffer=io.BytesIO(data)))


def test_a_header_line_past_the_bound_is_refused_before_it_is_read_whole(tmp_path, monkeypatch):
    header = b"a" * (tables.MAX_LINE_BYTES + 10) + b",labeled\n"
    path = tmp_path / "wide.csv.gz"
    path.write_bytes(gzip.compress(header + b"1,1\n"))
    with pytest.raises(InputError, match="has a line longer than 16 MiB"):
        read_table(str(path))
    _stdin(monkeypatch, path.read_bytes())  # the same on standard input: sniffed as a stream, not decompressed whole
    with pytest.raises(InputError, match="standard input has a line longer than 16 MiB"):
        read_table("-")


@pytest.mark.parametrize("where", ["file", "stdin"])
def test_a_cell_past_the_bound_is_refused_and_one_within_it_read(tmp_path, monkeypatch, where):
    monkeypatch.setattr(tables, "MAX_LINE_BYTES", 1000)
    ok = ROWS + b"0.5,0,%s\n" % (b"x" * 900)
    long = ROWS.replace(b"0.7,1", b"0.7" + b"0" * 5000 + b",1")
    for content, fails in ((ok.replace(b"labeled\n", b"labeled,note\n", 1), False), (long, True)):
        path = tmp_path / "t.csv"
        path.write_bytes(content)
        if where == "stdin":
            _stdin(monkeypatch, content)
        source = "-" if where == "stdin" else str(path)
        if fails:
            with pytest.raises(InputError, match=r"line longer than 0 MiB \(from byte 26 "):
                read_table(source, {"score": "--score-column"})
        else:
            assert read_table(source, {"score": "--score-column"})[0]["score"].size == 5


def test_a_parquet_file_declaring_more_rows_than_memory_holds_is_refused(tmp_path, monkeypatch):
    path = tmp_path / "t.parquet"
    pd.DataFrame({"score": np.linspace(0, 1, 300), "labeled": np.arange(300) % 2}).to_parquet(path)
    monkeypatch.setattr(memory, "available_bytes", lambda: 4000)
    with pytest.raises(InputError, match="declares 300 rows: its 2 column.s. need at least 0.0 GB, more than half"):
        read_table(str(path), {"score": "--score-column", "labeled": "--label-column"})
    monkeypatch.setattr(memory, "available_bytes", lambda: 10**7)
    assert read_table(str(path), {"score": "--score-column"})[0].shape == (300, 1)


def test_a_nested_parquet_column_is_refused_by_name(tmp_path):
    import pyarrow as pa
    import pyarrow.parquet as pq

    path = tmp_path / "t.parquet"
    pq.write_table(pa.table({"score": [0.1, 0.9], "labeled": [{"a": 1}, {"a": 0}]}), path)
    with pytest.raises(InputError, match="column 'labeled' of .* is nested"):
        read_table(str(path), {"score": "--score-column", "labeled": "--label-column"})


def test_a_quoted_tab_in_a_csv_header_is_csv_and_a_real_tsv_is_tsv(monkeypatch):
    _stdin(monkeypatch, b'"a\tb",score,labeled\nx,0.9,1\ny,0.1,0\n')
    assert list(read_table("-")[0].columns) == ["a\tb", "score", "labeled"]
    _stdin(monkeypatch, ROWS.replace(b",", b"\t"))
    assert list(read_table("-")[0].columns) == ["score", "labeled"]


def test_gzip_compressed_parquet_on_standard_input(tmp_path, monkeypatch):
    buffer = io.BytesIO()
    pd.read_csv(io.BytesIO(ROWS)).to_parquet(buffer)
    _stdin(monkeypatch, gzip.compress(buffer.getvalue()))
    assert read_table("-")[0]["labeled"].tolist() == [1, 0, 1, 0]


def test_a_fifo_is_read_as_a_stream(tmp_path):
    fifo = tmp_path / "scores"
    os.mkfifo(fifo)
    writer = threading.Thread(target=lambda: fifo.write_bytes(ROWS))
    writer.start()
    table, sha256 = read_table(str(fifo))
    writer.join()
    assert table.shape == (4, 2) and len(sha256) == 64


def test_only_the_columns_asked_for_are_read_and_a_missing_one_is_named(tmp_path):
    path = tmp_path / "t.csv"
    path.write_bytes(b"x,score,labeled\n" + b"".join(b"%d,0.%d,%d\n" % (i, i, i % 2) for i in range(10)))
    assert list(read_table(str(path), {"labeled": "--label-column", "score": "--score-column"})[0]) == ["score",
                                                                                                      "labeled"]
    with pytest.raises(InputError, match=r"--score-column: no column 'nope' in the table \(columns: x, score, labeled\)"):
        read_table(str(path), {"nope": "--score-column"})
    path.write_bytes(b"x,score,labeled\n1,0.5,1\n2,0.5,1,7\n")  # too many fields: an error, as without columns
    with pytest.raises(InputError, match="Expected 3 fields in line 3, saw 4"):
        read_table(str(path), {"score": "--score-column"})


def test_the_hash_and_the_rows_come_from_one_file_even_if_the_path_is_replaced(tmp_path, monkeypatch):
    path, other = tmp_path / "t.csv", tmp_path / "other.csv"
    path.write_bytes(ROWS)
    other.write_bytes(ROWS.replace(b"0.9", b"0.3"))
    hashed = tables._hash_file

    def replaced_meanwhile(handle, name, *, text):
        digest = hashed(handle, name, text=text)
        os.replace(other, path)  # another program replaces the file between the hash and the parse
        return digest

    monkeypatch.setattr(tables, "_hash_file", replaced_meanwhile)
    table, sha256 = read_table(str(path))
    assert table["score"].iloc[0] == 0.9 and sha256 == tables.hashlib.sha256(ROWS).hexdigest()


def test_a_file_changed_in_place_while_read_is_refused(tmp_path, monkeypatch):
    path = tmp_path / "t.csv"
    path.write_bytes(ROWS)
    hashed = tables._hash_file

    def appended_meanwhile(handle, name, *, text):
        digest = hashed(handle, name, text=text)
        with open(path, "ab") as out:
            out.write(b"0.5,0\n")
        return digest

    monkeypatch.setattr(tables, "_hash_file", appended_meanwhile)
    with pytest.raises(InputError, match="changed while it was read"):
        read_table(str(path))


def test_a_long_value_is_cut_in_an_error_line():
    assert tables.shown("x" * 10**7).endswith("… (10,000,002 characters)")
    assert len(tables.shown("x" * 10**7)) < 100 and tables.shown("a\0b") == "'a\\x00b'"
    from pueval.validation import check_pu

    with pytest.raises(ValueError) as caught:  # a label cell of 10⁶ characters and a NUL, quoted in the error
        check_pu(np.array(["1", "0", "x" * 10**6 + "\0", "1"], dtype=object), np.arange(4.0), pos_label="1")
    assert len(str(caught.value)) < 400 and "\0" not in str(caught.value)


@pytest.mark.parametrize("content", [b"", b"score,labeled", b"score,labeled\r\n0.5,1\r\n0.1,0\r\n"])
def test_short_tables_read_as_before(tmp_path, content):
    path = tmp_path / "t.csv"
    path.write_bytes(content)
    if not content:
        with pytest.raises(InputError, match="is empty"):
            read_table(str(path))
    else:
        assert list(read_table(str(path), {"labeled": "--label-column"})[0]) == ["labeled"]


def test_integer_columns_are_read_in_their_least_type_with_the_same_values(tmp_path):
    path = tmp_path / "t.csv"
    path.write_bytes(b"score,labeled,big\n" + b"".join(b"0.%d,%d,%d\n" % (i, i % 2, i * 10**6) for i in range(50)))
    table = read_table(str(path), {"score": "--score-column", "labeled": "--label-column", "big": "--features"})[0]
    assert table["labeled"].dtype == np.int8 and table["big"].dtype == np.int32 and table["score"].dtype == float
    assert table["big"].tolist() == [i * 10**6 for i in range(50)]


@pytest.mark.parametrize("separator", [",", "\t"])
def test_a_byte_order_mark_is_read_as_the_encoding_it_is(tmp_path, separator, capsys):
    # Excel's "CSV UTF-8" starts with a byte-order mark; the first column is then the score
    import json

    from pueval import cli, reports

    table = reports.example_scores(500, seed=2)[["score", "labeled"]]
    path = tmp_path / ("scores.csv" if separator == "," else "scores.tsv")
    path.write_text(table.to_csv(index=False, sep=separator), encoding="utf-8-sig")
    for options in ([], ["--streaming"]):
        assert cli.main(["evaluate", str(path), *options]) == 0
        assert json.loads(capsys.readouterr().out)["n"] == 500
