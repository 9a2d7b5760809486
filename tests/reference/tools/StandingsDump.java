package info.vannier.gotha;

import java.io.*;
import java.nio.charset.StandardCharsets;
import java.util.*;

/** Prints OpenGotha's own standings of a file after round R (1-based): each player's key in
 *  placement order and every criterion's value as getCritValue returns it. */
public class StandingsDump {
    static final int[] CRITERIA = {
        PlacementParameterSet.PLA_CRIT_CAT, PlacementParameterSet.PLA_CRIT_NBW, PlacementParameterSet.PLA_CRIT_MMS,
        PlacementParameterSet.PLA_CRIT_CPS, PlacementParameterSet.PLA_CRIT_STS,
        PlacementParameterSet.PLA_CRIT_SOSW, PlacementParameterSet.PLA_CRIT_SOSWM1, PlacementParameterSet.PLA_CRIT_SOSWM2,
        PlacementParameterSet.PLA_CRIT_SODOSW, PlacementParameterSet.PLA_CRIT_SOSOSW, PlacementParameterSet.PLA_CRIT_CUSSW,
        PlacementParameterSet.PLA_CRIT_SOSM, PlacementParameterSet.PLA_CRIT_SOSMM1, PlacementParameterSet.PLA_CRIT_SOSMM2,
        PlacementParameterSet.PLA_CRIT_SODOSM, PlacementParameterSet.PLA_CRIT_SOSOSM, PlacementParameterSet.PLA_CRIT_CUSSM,
        PlacementParameterSet.PLA_CRIT_SOSTS, PlacementParameterSet.PLA_CRIT_EXT, PlacementParameterSet.PLA_CRIT_EXR,
        PlacementParameterSet.PLA_CRIT_RANK, PlacementParameterSet.PLA_CRIT_RATING,
        PlacementParameterSet.PLA_CRIT_DC, PlacementParameterSet.PLA_CRIT_SDC };
    static final String[] NAMES = {"CAT","NBW","MMS","CPS","STS","SOSW","SOSWM1","SOSWM2","SODOSW","SOSOSW","CUSSW",
        "SOSM","SOSMM1","SOSMM2","SODOSM","SOSOSM","CUSSM","SOSTS","EXT","EXR","Rank","Rating","DC","SDC"};

    public static void main(String[] a) throws Exception {
        PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), false, "UTF-8");
        System.setOut(System.err);
        Gotha.runningMode = Gotha.RUNNING_MODE_SAL;
        File f = new File(a[0]);
        int r = Integer.parseInt(a[1]) - 1;
        Tournament t = new Tournament();
        File toImport = OgPair.withDataVersion(f);
        ExternalDocument.importTournamentFromXMLFile(toImport, t, true, true, true, true, true);
        for (Game g : t.gamesList()) if (g.getRoundNumber() > r) t.removeGame(g);
        for (int rr = r + 1; rr < Gotha.MAX_NUMBER_OF_ROUNDS; rr++) t.unassignByePlayer(rr);
        t.setLastTournamentModificationTime(t.getCurrentTournamentTime());
        Thread.sleep(3);
        PlacementParameterSet pps = t.getTournamentParameterSet().getPlacementParameterSet();
        ArrayList<ScoredPlayer> alSP = t.orderedScoredPlayersList(r, pps);
        for (ScoredPlayer sp : alSP) {
            StringBuilder b = new StringBuilder("{\"key\":" + OgPair.js(sp.getKeyString()));
            for (int k = 0; k < CRITERIA.length; k++) b.append(",\"").append(NAMES[k]).append("\":").append(sp.getCritValue(CRITERIA[k], r));
            out.println(b.append("}"));
        }
        out.flush();
        System.exit(0);
    }
}
