"""pueval.pipeline.schemas: an intermediate file that is corrupted, empty or has other columns is refused naming the
file; the docs list the files as the schemas define them."""

import pandas as pd
import pytest

from pueval.pipeline import schemas


@pytest.mark.parametrize("content", [b"", b"PAR1 this is not parquet"])
def test_a_corrupted_intermediate_file_says_which_file_to_remove(tmp_path, content):
    path = tmp_path / "scores.parquet"
    path.write_bytes(content)
    with pytest.raises(ValueError, match=f"{path} is unreadable .* --forcerun {path} \\(with .*; rule score\\)"):
        schemas.read(path, "scores")


def test_an_empty_intermediate_table_is_refused(tmp_path):
    path = tmp_path / "empty.parquet"
    pd.DataFrame({"a": []}).to_parquet(path)
    with pytest.raises(ValueError, match="holds no rows; rebuild it and what depends on it with: snakemake --cores 2"):
        schemas.read(path, "scores")


def test_an_intermediate_file_with_other_columns_is_refused(tmp_path):
    path = tmp_path / "scores.parquet"
    pd.DataFrame({"label": [1], "scores": [0.5]}).to_parquet(path)
    with pytest.raises(ValueError, match="do not follow the 'scores' schema"):
        schemas.read(path, "scores")
    with pytest.raises(ValueError, match="do not follow the 'draws' schema"):
        schemas.write(pd.DataFrame({"draw": [0]}), tmp_path / "d.parquet", "draws")
    assert not (tmp_path / "d.parquet").exists()


def test_the_docs_list_the_intermediate_files_as_the_schemas_define_them(repo):
    from pueval.pipeline import schemas

    assert schemas.markdown() in (repo / "docs" / "pipeline.md").read_text()


@pytest.mark.parametrize(("factors", "ok"), [
    (["0.5", "1", "2"], True), (["1"], True), ([], False), (["x"], False), (["1", "1.5e3"], False)])
def test_a_family_of_columns_takes_one_or_more_numbered_columns_in_place(factors, ok):
    from pueval.studies.tabatabaei import NOISE

    head = ["rho", "rho_real", "run", "inv_ll"]
    tail = ["sse_f1bar", "sse_ll", "sse_ll_notebook", "classifiers", "forest_set"]
    columns = head + [f"inv_f1bar_{c}" for c in factors] + tail
    assert schemas.SCHEMAS["tabatabaei"].matches(columns) is ok
    assert schemas.SCHEMAS["tabatabaei"].matches(head + [f"inv_f1bar_{c:g}" for c in NOISE] + tail)
    assert not schemas.SCHEMAS["tabatabaei"].matches(tail + [f"inv_f1bar_{c:g}" for c in NOISE] + head)
