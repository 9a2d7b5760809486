package info.vannier.gotha;

/*
 * RestPair: OpenGotha's Pair on the rows a round left unpaired (a round paired in part), as
 * the GUI does it with no row selected (JFrGamesPair.updateComponents + btnPairActionPerformed):
 * the round's games and bye are KEPT, the players of the round on none of its games are paired,
 * and the new games take the first free table numbers in renumberTablesByBestScoreThenRating's
 * order.  The same steps as opengotha-engine's OgPair, without its step 2 (which removes the
 * round's games); every decision is OpenGotha's own code.
 *
 *   java -cp opengotha-engine.jar:BUILD info.vannier.gotha.RestPair IN.xml R
 *
 * stdout: {"table":n,"white":"KEY","black":"KEY","handicap":h} for each new game, then
 * {"bye":"KEY"} where the round's bye is one of the rest; exit 3 where the rest is odd and the
 * round has its bye (the GUI refuses: «select an even number of players»).
 */

import java.io.*;
import java.util.*;

public class RestPair {
    public static void main(String[] args) throws Exception {
        PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), false, "UTF-8");
        System.setOut(System.err);
        File f = new File(args[0]);
        final int r = Integer.parseInt(args[1]) - 1;
        Gotha.runningMode = Gotha.RUNNING_MODE_SAL;
        Tournament t = new Tournament();
        File toImport = OgPair.withDataVersion(f);
        ExternalDocument.importTournamentFromXMLFile(toImport, t, true, true, true, true, true);
        if (toImport != f) toImport.delete();
        t.setLastTournamentModificationTime(t.getCurrentTournamentTime());
        Thread.sleep(3);

        PlacementParameterSet pps = t.getTournamentParameterSet().getPlacementParameterSet();
        HashMap<String, Player> hmPairable = new HashMap<>(t.playersHashMap());
        for (Player p : t.playersHashMap().values()) {
            if (p.getRegisteringStatus().compareTo("FIN") != 0 || !p.getParticipating()[r]) {
                hmPairable.remove(p.getKeyString());
            }
        }
        for (Game g : t.gamesList(r)) {
            hmPairable.remove(g.getWhitePlayer().getKeyString());
            hmPairable.remove(g.getBlackPlayer().getKeyString());
        }
        Player byeAlready = t.getByePlayer(r);
        if (byeAlready != null) hmPairable.remove(byeAlready.getKeyString());
        ArrayList<Player> alPlayersToPair = new ArrayList<>();
        for (ScoredPlayer sp : t.orderedScoredPlayersList(r - 1, pps))
            for (Player p : hmPairable.values())
                if (p.hasSameKeyString(sp)) alPlayersToPair.add(t.getPlayerByKeyString(p.fullName()));

        Player bye = null;
        if (alPlayersToPair.size() % 2 != 0) {
            if (byeAlready != null) System.exit(3);
            t.chooseAByePlayer(alPlayersToPair, r);
            bye = t.getByePlayer(r);
            Player pToRemove = null;
            for (Player p : alPlayersToPair) if (p.hasSameKeyString(bye)) pToRemove = p;
            alPlayersToPair.remove(pToRemove);
        }
        ArrayList<Game> alNewGames = t.makeAutomaticPairing(alPlayersToPair, r);
        int tN = 0;
        for (Game newG : alNewGames) {
            boolean bTNOK;
            do {
                bTNOK = true;
                for (Game oldG : t.gamesList(r)) {
                    if (oldG.getTableNumber() == tN) { tN++; bTNOK = false; }
                }
            } while (!bTNOK);
            newG.setTableNumber(tN++);
        }
        t.renumberTablesByBestScoreThenRating(r, alNewGames);
        alNewGames.sort(Comparator.comparingInt(Game::getTableNumber));
        for (Game g : alNewGames) {
            out.println("{\"table\":" + (g.getTableNumber() + 1) + ",\"white\":" + OgPair.js(g.getWhitePlayer().getKeyString())
                    + ",\"black\":" + OgPair.js(g.getBlackPlayer().getKeyString()) + ",\"handicap\":" + g.getHandicap() + "}");
        }
        if (bye != null) out.println("{\"bye\":" + OgPair.js(bye.getKeyString()) + "}");
        out.flush();
        System.exit(0);
    }
}
