"""pueval.pipeline.authors_scores: Claesen et al.'s own scores are checked against their SHA-256 before they are
unpickled, only arrays are built, and offline the message says what to set."""

import numpy as np
import pytest


def _pickle_of(obj) -> bytes:
    import pickle

    return pickle.dumps(obj, protocol=4)


def test_the_authors_scores_are_checked_before_they_are_unpickled_and_only_arrays_are_built():
    import hashlib
    import os
    import pickle

    from pueval.pipeline import authors_scores
    from pueval.pipeline.download import DataUnavailableError

    good = _pickle_of({"covtype": {"labels": np.array([True, False, True]), "decision_values": (0.3, 0.1, 0.2)}})
    frame = authors_scores.load(good, hashlib.sha256(good).hexdigest(), "covtype")
    assert frame["label"].tolist() == [1, 0, 1] and frame["score"].tolist() == [0.3, 0.1, 0.2]
    with pytest.raises(DataUnavailableError, match="is not unpickled"):
        authors_scores.load(good, "0" * 64, "covtype")
    with pytest.raises(ValueError, match="no entry 'sensit'"):
        authors_scores.load(good, hashlib.sha256(good).hexdigest(), "sensit")

    class Payload:
        def __reduce__(self):
            return (os.system, ("echo unsafe",))

    hostile = _pickle_of({"covtype": Payload()})
    with pytest.raises(pickle.UnpicklingError, match="are admitted"):
        authors_scores.load(hostile, hashlib.sha256(hostile).hexdigest(), "covtype")


def test_the_authors_covtype_file_loads_from_the_mirror(uci_mirror):
    from pueval.pipeline import authors_scores

    if not (uci_mirror / ".." / "claesen" / "data.pkl").is_file():
        pytest.skip("no claesen/data.pkl beside the mirror")
    frame = authors_scores.fetch({"url": "https://unused", "sha256": "d8b04378aa4c8f2e21c083c7abeeb597f4a0519d4eacb34ce1c30eec1fb4cc3b"},
                                 uci_mirror, "../claesen/data.pkl", "covtype")
    assert len(frame) == 40_000 and frame["label"].sum() == 20_000


def test_the_authors_scores_offline_say_what_to_set():
    from pueval.pipeline import authors_scores
    from pueval.pipeline.download import DataUnavailableError

    with pytest.raises(DataUnavailableError, match=r"the authors' scores: cannot download .*Offline, set uci_mirror"):
        authors_scores.fetch({"url": "https://127.0.0.1:1/data.pkl", "sha256": "0" * 64}, None, "../claesen/data.pkl",
                             "covtype")
